import type * as z from 'zod/mini';
import type { Category, Voucher, VoucherCard, voucherStylingSchema } from '@gm/shared/catalogue/contracts';
import { DEFAULT_VALIDITY_YEARS, TAX_RATES, WEEKDAYS, type DISPLAY_OPTIONS } from '@gm/shared/catalogue/reference-data';
import { DEFAULT_STYLING, voucherFormSchema, type VoucherForm } from '@gm/shared/catalogue/voucher-form';
import { toFieldErrors } from '@gm/shared/validation/fields';
import { MSG } from '@gm/shared/validation/messages';
import { firstMessageOf, type BuilderErrors } from './builder-fields.ts';
import { centsToEuroInput, euroInputToCents, wholeNumberInput } from './euro-input.ts';
import { isLimited, openValidity, type ValidityState, type Weekday } from './validity-switch.ts';

export type TaxRate = (typeof TAX_RATES)[number];
export type DisplayOption = (typeof DISPLAY_OPTIONS)[number];
export type Styling = z.infer<typeof voucherStylingSchema>;
/** One ticked tax rate; `value` is the euro text of the part of the price taxed at it (needed with several rates). */
export type TaxRow = { tax: TaxRate; value: string };

/** What the builder's inputs hold: texts as typed (euros, not cents), choices as the contract names them. */
export type BuilderValues = {
  title: string;
  description: string;
  long_description: string;
  note: string;
  type: 'quantity' | 'value';
  /** Product voucher: unit price in euros, min/max in whole units. */
  qty_val: string;
  qty_min: string;
  qty_max: string;
  /** Value voucher: min/max in euros. */
  val_min: string;
  val_max: string;
  voucher_category_id: string;
  subcategory_id: string;
  target: string;
  season: string;
  display: DisplayOption;
  validity: ValidityState;
  expiry_date: number;
  validity_reason: string;
  isReserve: boolean;
  price_hidden: boolean;
  tax_unsure: boolean;
  tax: TaxRow[];
  styling: Styling;
  /** Builder tourism mode (02 §2): an employee voucher of a partner seller; fixed once created. */
  is_tourism: boolean;
  /** The employee voucher's free-text value ('1+1 gratis'). */
  employee_value: string;
};

export function emptyBuilderValues(): BuilderValues {
  return {
    title: '',
    description: '',
    long_description: '',
    note: '',
    type: 'quantity',
    qty_val: '',
    qty_min: '1',
    qty_max: '10',
    val_min: '',
    val_max: '',
    voucher_category_id: '',
    subcategory_id: '',
    target: '',
    season: '',
    display: 'all',
    validity: { limit_validity: false, choices: openValidity(), stash: null },
    expiry_date: DEFAULT_VALIDITY_YEARS,
    validity_reason: '',
    isReserve: false,
    price_hidden: false,
    tax_unsure: false,
    tax: [],
    styling: { ...DEFAULT_STYLING },
    is_tourism: false,
    employee_value: '',
  };
}

/** Years an employee voucher is valid (01 §10 "tourism vouchers use 10 years"). */
export const TOURISM_VALIDITY_YEARS = 10;

/**
 * Turning the builder's tourism mode on or off (02 §2): on forces tax 'unsure', resets the styling to
 * the defaults, sets type value and 10 years validity (the caller clears the background image); off
 * clears employee_value.
 */
export function withTourismMode(values: BuilderValues, on: boolean): BuilderValues {
  if (!on) return { ...values, is_tourism: false, employee_value: '' };
  return {
    ...values,
    is_tourism: true,
    type: 'value',
    tax_unsure: true,
    tax: [],
    styling: { ...DEFAULT_STYLING },
    expiry_date: TOURISM_VALIDITY_YEARS,
    price_hidden: false,
  };
}

const isTaxRate = (rate: number): rate is TaxRate => (TAX_RATES as readonly number[]).includes(rate);
const isWeekday = (day: string): day is Weekday => (WEEKDAYS as readonly string[]).includes(day);

/** Fills the builder from a stored voucher (update mode): cents become euro texts, the switch follows the choices. */
export function fromVoucher(voucher: Voucher): BuilderValues {
  const choices = {
    valid_day: voucher.valid_day.filter(isWeekday),
    valid_date: voucher.valid_date.map(({ start, end }) => ({ start, end })),
    months: [...voucher.months].sort((a, b) => a - b),
  };
  // A voucher saved with no days or months means "always" (01 §2 card defaults).
  if (choices.valid_day.length === 0) choices.valid_day = [...WEEKDAYS];
  if (choices.months.length === 0) choices.months = openValidity().months;
  const limited = isLimited(choices);
  const rows = voucher.tax === 'unsure' ? [] : voucher.tax.filter((entry) => isTaxRate(entry.tax));
  return {
    title: voucher.title,
    description: voucher.description,
    long_description: voucher.long_description,
    note: voucher.note ?? '',
    type: voucher.type === 'quantity' ? 'quantity' : 'value',
    qty_val: centsToEuroInput(voucher.qty_val),
    qty_min: voucher.qty_min === null ? '' : String(voucher.qty_min),
    qty_max: voucher.qty_max === null ? '' : String(voucher.qty_max),
    val_min: centsToEuroInput(voucher.val_min),
    val_max: centsToEuroInput(voucher.val_max),
    voucher_category_id: voucher.voucher_category_id,
    subcategory_id: voucher.subcategory_id ?? '',
    target: voucher.target,
    season: voucher.season,
    display: voucher.display,
    validity: limited
      ? { limit_validity: true, choices, stash: null }
      : { limit_validity: false, choices: openValidity(), stash: null },
    expiry_date: voucher.expiry_date,
    validity_reason: voucher.validity_reason ?? '',
    isReserve: voucher.isReserve,
    price_hidden: voucher.price_hidden,
    tax_unsure: voucher.tax === 'unsure',
    tax: rows.map((entry) => ({
      tax: entry.tax as TaxRate,
      value: rows.length > 1 ? centsToEuroInput(entry.value) : '',
    })),
    styling: { ...voucher.styling },
    is_tourism: voucher.is_tourism,
    employee_value: voucher.employee_value ?? '',
  };
}

/** Ticks or unticks a tax rate; rows stay in the order 0, 5, 10, 13, 20 %. */
export function toggleTaxRate(rows: readonly TaxRow[], rate: TaxRate): TaxRow[] {
  if (rows.some((row) => row.tax === rate)) return rows.filter((row) => row.tax !== rate);
  return [...rows, { tax: rate, value: '' }].sort((a, b) => a.tax - b.tax);
}

const NUMBER_FIELDS = ['qty_val', 'min', 'max'] as const;

/**
 * Builder values → the body POST voucher expects (money in cents). Texts that are no number are passed
 * on as NaN (the contract rejects them) and reported in `numberErrors`, so the field says "must be a number".
 */
export function toFormInput(values: BuilderValues): { input: Record<string, unknown>; numberErrors: BuilderErrors } {
  const quantity = values.type === 'quantity';
  // An employee voucher has no price (tourism mode): the server stores 0.
  const numbers = values.is_tourism
    ? { qty_val: null, min: 0, max: 0 }
    : {
        qty_val: quantity ? euroInputToCents(values.qty_val) : null,
        min: quantity ? wholeNumberInput(values.qty_min) : euroInputToCents(values.val_min),
        max: quantity ? wholeNumberInput(values.qty_max) : euroInputToCents(values.val_max),
      };
  const numberErrors: BuilderErrors = {};
  for (const field of NUMBER_FIELDS) if (Number.isNaN(numbers[field])) numberErrors[field] = MSG.numeric;
  const several = values.tax.length > 1;
  const tax = values.tax_unsure
    ? 'unsure'
    : values.tax.map((row, index) => {
        const value = several ? euroInputToCents(row.value) : undefined;
        if (several && Number.isNaN(value)) numberErrors[`tax.${index}.value`] = MSG.numeric;
        return { tax: row.tax, value: value ?? null };
      });
  const { choices, limit_validity } = values.validity;
  const input: Record<string, unknown> = {
    title: values.title,
    description: values.description,
    long_description: values.long_description,
    note: values.note.trim() ? values.note : null,
    type: values.type,
    ...numbers,
    voucher_category_id: values.voucher_category_id,
    subcategory_id: values.subcategory_id || null,
    target: values.target || undefined,
    season: values.season || undefined,
    limit_validity,
    valid_day: choices.valid_day,
    valid_date: choices.valid_date,
    months: choices.months,
    expiry_date: values.expiry_date,
    validity_reason: values.validity_reason,
    isReserve: values.isReserve,
    price_hidden: values.price_hidden,
    tax,
    ...values.styling,
    is_tourism: values.is_tourism,
    employee_value: values.is_tourism ? values.employee_value : null,
  };
  input.display = values.display;
  return { input, numberErrors };
}

/**
 * Valid stand-ins for fields that failed the object's own checks. zod runs an object's cross-field rules
 * (price against the minimum, min ≤ max, tax amounts) only when every field passed, so a second pass with
 * these lets one failed save show all errors at once instead of in waves.
 */
const STAND_INS: Record<string, unknown> = {
  title: 'x',
  description: 'x',
  long_description: 'x',
  note: null,
  voucher_category_id: 'x',
  subcategory_id: null,
  target: 'Alle',
  season: 'Immer',
  display: 'all',
  expiry_date: DEFAULT_VALIDITY_YEARS,
  validity_reason: 'Stand-in reason',
  tax: 'unsure',
  employee_value: 'x',
  // Only fields that already failed get a stand-in, so their own first-pass message is the one shown.
  qty_val: 1_000_000,
  min: 1,
  max: 1,
  ...DEFAULT_STYLING,
};

export type BuilderValidation = { ok: true; data: VoucherForm } | { ok: false; errors: BuilderErrors };

/** Client validation with the shared contract, plus the rule the contract cannot know: a subcategory when the category has some. */
export function validateBuilder(
  values: BuilderValues,
  options: { minimumCents: number; isUpdate: boolean; categories?: readonly Category[] },
): BuilderValidation {
  const schema = voucherFormSchema({ minimumCents: options.minimumCents, isUpdate: options.isUpdate });
  const { input, numberErrors } = toFormInput(values);
  const result = schema.safeParse(input);
  let errors: BuilderErrors = result.success ? {} : firstMessageOf(toFieldErrors(result.error));
  if (!result.success) {
    const failed = Object.keys(errors).map((key) => key.split('.')[0] ?? key);
    if (failed.every((key) => key in STAND_INS)) {
      const patched = { ...input, ...Object.fromEntries(failed.map((key) => [key, STAND_INS[key]])) };
      const second = schema.safeParse(patched);
      if (!second.success) errors = { ...firstMessageOf(toFieldErrors(second.error)), ...errors };
    }
  }
  errors = { ...errors, ...numberErrors };
  const category = options.categories?.find((c) => c.id === values.voucher_category_id);
  if (
    category &&
    category.subcategories.length > 0 &&
    !category.subcategories.some((s) => s.id === values.subcategory_id)
  ) {
    errors.subcategory_id = MSG.required;
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: result.data };
}

/** An image field of the builder: nothing, the stored image (path), or a freshly cropped one waiting for upload. */
export type ImageSlot = { kind: 'none' } | { kind: 'existing'; url: string } | { kind: 'new'; blob: Blob; url: string };
export type ExtraSlots = [ImageSlot, ImageSlot, ImageSlot];
export type BuilderImages = { background: ImageSlot; extras: ExtraSlots };
export const EXTRA_IMAGE_KEYS = ['image_1', 'image_2', 'image_3'] as const;

const slotOf = (url: string | null | undefined): ImageSlot => (url ? { kind: 'existing', url } : { kind: 'none' });

export function imagesFromVoucher(
  voucher?: Pick<Voucher, 'background_image' | 'image_1' | 'image_2' | 'image_3'>,
): BuilderImages {
  return {
    background: slotOf(voucher?.background_image),
    extras: [slotOf(voucher?.image_1), slotOf(voucher?.image_2), slotOf(voucher?.image_3)],
  };
}

export type UploadIds = { background?: string; extras: [string?, string?, string?] };

/** The image part of the save: new uploads by id, and removals of stored images the seller took out. */
export function imageFieldsOf(initial: BuilderImages, current: BuilderImages, uploads: UploadIds) {
  const removed = (before: ImageSlot, now: ImageSlot) => before.kind === 'existing' && now.kind === 'none';
  return {
    background_upload_id: uploads.background ?? null,
    remove_bg: removed(initial.background, current.background),
    image_1_upload_id: uploads.extras[0] ?? null,
    image_2_upload_id: uploads.extras[1] ?? null,
    image_3_upload_id: uploads.extras[2] ?? null,
    remove_images: EXTRA_IMAGE_KEYS.filter((_, i) =>
      removed(initial.extras[i] ?? { kind: 'none' }, current.extras[i] ?? { kind: 'none' }),
    ),
  };
}

export type PreviewContext = Pick<VoucherCard, 'seller' | 'seller_id' | 'region_id'> &
  Partial<Pick<VoucherCard, 'id' | 'is_active' | 'created_at' | 'sold_count' | 'is_featured'>>;

export const PREVIEW_TITLE = 'Dein Gutscheintitel';

/** The live preview: the card as buyers will see it, drawn from the current inputs. */
export function previewCard(values: BuilderValues, images: BuilderImages, context: PreviewContext): VoucherCard {
  const quantity = values.type === 'quantity';
  const cents = (text: string) => {
    const value = euroInputToCents(text);
    return value === undefined || Number.isNaN(value) ? null : value;
  };
  const qtyVal = quantity ? cents(values.qty_val) : null;
  const valMin = quantity ? null : cents(values.val_min);
  const valMax = quantity ? null : cents(values.val_max);
  const background = images.background.kind === 'none' ? null : images.background.url;
  return {
    id: context.id ?? 'preview',
    title: values.title.trim() || PREVIEW_TITLE,
    description: values.description,
    type: values.type,
    qty_val: qtyVal,
    val_min: valMin !== null && valMax !== null ? valMin : null,
    val_max: valMin !== null && valMax !== null ? valMax : null,
    price_filter: (quantity ? qtyVal : valMin) ?? 0,
    voucher_category_id: values.voucher_category_id,
    subcategory_id: values.subcategory_id || null,
    target: values.target,
    season: values.season,
    region_id: context.region_id,
    seller_id: context.seller_id,
    seller: context.seller,
    is_active: context.is_active ?? true,
    is_featured: context.is_featured ?? false,
    display: values.display,
    valid_day: values.validity.choices.valid_day,
    months: values.validity.choices.months,
    price_hidden: values.price_hidden,
    background_image: background,
    styling: { ...values.styling },
    sold_count: context.sold_count ?? 0,
    created_at: context.created_at ?? new Date(0).toISOString(),
  };
}
