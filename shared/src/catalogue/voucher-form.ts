import * as z from 'zod/mini';
import { formatAmount } from '../money/money.ts';
import { uploadIdField } from '../uploads/contracts.ts';
import { booleanish, optionalString, requiredString } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import { EMPLOYEE_VALUE_MAX } from '../tourism/employee-vouchers.ts';
import {
  DEFAULT_VALIDITY_YEARS,
  DISPLAY_OPTIONS,
  SEASONS,
  TARGET_GROUPS,
  TAX_RATES,
  VALIDITY_YEARS,
  WEEKDAYS,
} from './reference-data.ts';

/** Limits of the voucher builder (02 §5, §9). */
export const VOUCHER_LIMITS = {
  title: 30,
  description: 120,
  longDescription: 500,
  note: 500,
  validityReason: 300,
  validityReasonMin: 10,
} as const;

/**
 * Why every voucher needs a recorded reason for its limited validity (docs/decisions/catalogue.md
 * "Every voucher records why its validity is limited"): the builder shows this next to the validity choice; the reason is printed in the terms.
 */
export const VALIDITY_REASON_HINT =
  'In Österreich ist eine Befristung unter 30 Jahren nur mit sachlicher Rechtfertigung wirksam (OGH 7 Ob 22/12d); in Deutschland gilt mindestens die dreijährige Verjährungsfrist ab Ende des Kaufjahres. Gib deshalb an, warum dein Gutschein befristet ist (z. B. saisonabhängige Preiskalkulation, begrenzte Kapazitäten). Der Grund wird in die Gutscheinbedingungen gedruckt.';

/** The smallest price when no `minimum_voucher_value` setting applies: one cent (the spec's 0.001 € rounded up to cents). */
export const DEFAULT_MINIMUM_CENTS = 1;
/**
 * The highest price of one voucher unit, or value of a value voucher (issue 14): 10.000,00 €. A regional
 * gift voucher costs far less; the ceiling keeps a typo or a forged form from pricing a line beyond
 * what a payment can carry (Stripe's largest charge is 999.999,99 €, checked at checkout as well).
 */
export const VOUCHER_PRICE_MAX_CENTS = 1_000_000;

const hexColour = z
  .string()
  .check(z.regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, { error: 'Bitte gib eine gültige Farbe ein.' }));

/**
 * The builder's starting colours. The description band is the strong coral: white text on it reads at
 * 5.3:1 (WCAG AA); the decorative #ff5563 gave 3.1:1 on every new voucher's card.
 */
export const DEFAULT_STYLING = {
  background_color: '#1D4F55',
  background_description_color: '#c83246',
  header_and_footer_background_color: '#ffffff',
  header_and_footer_color: '#1D4F55',
  description_color: '#ffffff',
  text_color: 'dark' as const,
};

const cents = () => z.coerce.number({ error: MSG.required }).check(z.int({ error: MSG.integer }));

const taxEntryInput = z.object({
  tax: z.coerce
    .number({ error: MSG.required })
    .check(z.refine((rate) => (TAX_RATES as readonly number[]).includes(rate), { error: MSG.required })),
  /** The part of the price taxed at this rate, in cents; required when several rates apply. */
  value: z.nullable(z.optional(cents().check(z.gte(0, { error: MSG.minValue(0) })))),
});

const validDate = z.object({
  start: z.iso.date({ error: MSG.invalidDate }),
  end: z.iso.date({ error: MSG.invalidDate }),
});

/**
 * The builder form as POST voucher / POST voucher/{id} receive it. `min`/`max` are the form inputs the spec maps
 * to qty_min/qty_max (product voucher, whole units) or val_min/val_max (value voucher, cents).
 * `minimumCents` is the effective `minimum_voucher_value` setting of the seller.
 */
export function voucherFormSchema(options: { minimumCents: number; isUpdate: boolean }) {
  const minimum = Math.max(options.minimumCents, DEFAULT_MINIMUM_CENTS);
  const minimumText = `${formatAmount(minimum)} €`;
  const maximumText = `${formatAmount(VOUCHER_PRICE_MAX_CENTS)} €`;
  return z
    .object({
      title: requiredString(VOUCHER_LIMITS.title),
      description: requiredString(VOUCHER_LIMITS.description),
      long_description: requiredString(VOUCHER_LIMITS.longDescription),
      note: optionalString(VOUCHER_LIMITS.note),
      type: z.enum(['quantity', 'value'], { error: MSG.required }),
      qty_val: z.nullable(z.optional(cents())),
      min: z.coerce.number({ error: MSG.required }),
      max: z.coerce.number({ error: MSG.required }),
      voucher_category_id: requiredString(64),
      subcategory_id: optionalString(64),
      target: z.enum(TARGET_GROUPS, { error: MSG.required }),
      season: z.enum(SEASONS, { error: MSG.required }),
      display: options.isUpdate
        ? z.enum(DISPLAY_OPTIONS, { error: MSG.required })
        : z._default(z.enum(DISPLAY_OPTIONS, { error: MSG.required }), 'all'),
      /** The validity-limit switch: off means any day, any month. */
      limit_validity: z._default(booleanish(), false),
      valid_day: z._default(z.array(z.enum(WEEKDAYS, { error: MSG.required })), [...WEEKDAYS]),
      valid_date: z._default(z.array(validDate).check(z.maxLength(24)), []),
      months: z._default(
        z.array(
          z.coerce
            .number({ error: MSG.required })
            .check(
              z.int({ error: MSG.required }),
              z.gte(1, { error: MSG.required }),
              z.lte(12, { error: MSG.required }),
            ),
        ),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      ),
      expiry_date: z._default(
        z.coerce.number({ error: MSG.required }).check(
          z.int(),
          z.refine((years) => (VALIDITY_YEARS as readonly number[]).includes(years), { error: MSG.required }),
        ),
        DEFAULT_VALIDITY_YEARS,
      ),
      /** Why the validity is limited: required, printed in the voucher's terms (docs/decisions/catalogue.md). */
      validity_reason: requiredString(VOUCHER_LIMITS.validityReason).check(
        z.refine((reason) => reason.length === 0 || reason.length >= VOUCHER_LIMITS.validityReasonMin, {
          error: MSG.min(VOUCHER_LIMITS.validityReasonMin),
        }),
      ),
      isReserve: z._default(booleanish(), false),
      price_hidden: z._default(booleanish(), false),
      tax: z.union([z.literal('unsure'), z.array(taxEntryInput).check(z.minLength(1, { error: MSG.required }))], {
        error: MSG.required,
      }),
      background_color: z._default(hexColour, DEFAULT_STYLING.background_color),
      background_description_color: z._default(hexColour, DEFAULT_STYLING.background_description_color),
      header_and_footer_background_color: z._default(hexColour, DEFAULT_STYLING.header_and_footer_background_color),
      header_and_footer_color: z._default(hexColour, DEFAULT_STYLING.header_and_footer_color),
      description_color: z._default(hexColour, DEFAULT_STYLING.description_color),
      text_color: z._default(z.enum(['dark', 'light'], { error: MSG.required }), 'dark'),
      background_upload_id: z.nullable(z.optional(uploadIdField())),
      remove_bg: z._default(booleanish(), false),
      image_1_upload_id: z.nullable(z.optional(uploadIdField())),
      image_2_upload_id: z.nullable(z.optional(uploadIdField())),
      image_3_upload_id: z.nullable(z.optional(uploadIdField())),
      remove_images: z._default(z.array(z.enum(['image_1', 'image_2', 'image_3'], { error: MSG.required })), []),
      /** Builder tourism mode (02 §2): an employee voucher of a partner seller; only on create, kept on update. */
      is_tourism: z._default(booleanish(), false),
      /** Free text such as '1+1 gratis' (02 §9: required for employee vouchers). */
      employee_value: optionalString(EMPLOYEE_VALUE_MAX),
    })
    .check(
      z.superRefine((form, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        if (form.is_tourism) {
          // An employee voucher has no price: type value, no tax, the employee_value text instead.
          if (!form.employee_value) issue('employee_value', MSG.required);
        } else if (form.type === 'quantity') {
          if (form.qty_val === undefined || form.qty_val === null) issue('qty_val', MSG.required);
          else if (form.qty_val < minimum) issue('qty_val', MSG.minValue(minimumText));
          else if (form.qty_val > VOUCHER_PRICE_MAX_CENTS) issue('qty_val', MSG.maxValue(maximumText));
          if (!Number.isInteger(form.min)) issue('min', MSG.integer);
          else if (form.min < 1) issue('min', MSG.minValue(1));
          if (!Number.isInteger(form.max)) issue('max', MSG.integer);
          else if (form.max < form.min) issue('max', MSG.minValue(form.min));
        } else {
          if (!Number.isInteger(form.min)) issue('min', MSG.integer);
          else if (form.min < minimum) issue('min', MSG.minValue(minimumText));
          if (!Number.isInteger(form.max)) issue('max', MSG.integer);
          else if (form.max < form.min) issue('max', MSG.minValue(`${formatAmount(form.min)} €`));
          else if (form.max > VOUCHER_PRICE_MAX_CENTS) issue('max', MSG.maxValue(maximumText));
        }
        if (form.limit_validity && form.months.length === 0) issue('months', MSG.required);
        if (form.limit_validity && form.valid_day.length === 0) issue('valid_day', MSG.required);
        if (Array.isArray(form.tax) && form.tax.length > 1) {
          form.tax.forEach((entry, index) => {
            if (entry.value === undefined || entry.value === null)
              ctx.addIssue({ code: 'custom', path: ['tax', index, 'value'], message: MSG.required });
          });
        }
        for (const [index, range] of form.valid_date.entries()) {
          if (range.end < range.start)
            ctx.addIssue({ code: 'custom', path: ['valid_date', index, 'end'], message: MSG.invalidDate });
        }
      }),
    );
}

export type VoucherFormInput = z.input<ReturnType<typeof voucherFormSchema>>;
export type VoucherForm = z.output<ReturnType<typeof voucherFormSchema>>;

/** Maps the form's min/max to the stored price fields (02 §3): cents for value vouchers, units for product vouchers. */
export function priceFieldsOf(form: Pick<VoucherForm, 'type' | 'qty_val' | 'min' | 'max'> & { is_tourism?: boolean }) {
  if (form.is_tourism) return { qty_val: null, qty_min: null, qty_max: null, val_min: 0, val_max: 0, price_filter: 0 };
  if (form.type === 'quantity') {
    const unit = form.qty_val ?? 0;
    return { qty_val: unit, qty_min: form.min, qty_max: form.max, val_min: null, val_max: null, price_filter: unit };
  }
  return { qty_val: null, qty_min: null, qty_max: null, val_min: form.min, val_max: form.max, price_filter: form.min };
}

/** With the validity switch off a voucher is valid on every day and in every month. */
export function validityFieldsOf(form: Pick<VoucherForm, 'limit_validity' | 'valid_day' | 'months' | 'valid_date'>) {
  return form.limit_validity
    ? { valid_day: form.valid_day, months: [...form.months].sort((a, b) => a - b), valid_date: form.valid_date }
    : { valid_day: [...WEEKDAYS], months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], valid_date: [] };
}
