import * as z from 'zod/mini';
import { parseEuroInput } from '@gm/shared/money/money';
import { settingsSchema, type Settings, type SettingsField } from '@gm/shared/settings/contracts';

/** What the six fields hold while typed: text; euro fields in euro ("5,00"), sent as cents. */
export type SettingsFormValues = Record<SettingsField, string>;

const EURO_FIELDS: readonly SettingsField[] = [
  'sales_commission_euro',
  'subdomain_sales_commission_euro',
  'minimum_voucher_value',
];
export const isEuroField = (field: SettingsField) => EURO_FIELDS.includes(field);

export const SETTINGS_LABELS: Record<SettingsField, string> = {
  payout_schedule: 'Auszahlungsintervall (Tage)',
  sales_commission_percentage: 'Provision Marktplatz (%)',
  sales_commission_euro: 'Provision Marktplatz (€ pro Verkauf)',
  subdomain_sales_commission_percentage: 'Provision Subdomain (%)',
  subdomain_sales_commission_euro: 'Provision Subdomain (€ pro Verkauf)',
  minimum_voucher_value: 'Mindestwert eines Gutscheins (€)',
};

/** "12,5" or "12.5" → 12.5; empty → undefined (the contract then says the field is required). */
function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const normalised = trimmed.replace(/\s|%/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

function parseEuro(text: string): number | undefined {
  if (!text.trim()) return undefined;
  return parseEuroInput(text) ?? Number.NaN;
}

/** The form's resolver: text → numbers (euro → cents), then the shared contract with its German messages. */
export const settingsFormSchema = z.pipe(
  z.pipe(
    z.object({
      payout_schedule: z.string(),
      sales_commission_percentage: z.string(),
      sales_commission_euro: z.string(),
      subdomain_sales_commission_percentage: z.string(),
      subdomain_sales_commission_euro: z.string(),
      minimum_voucher_value: z.string(),
    }),
    z.transform((values) =>
      Object.fromEntries(
        Object.entries(values).map(([field, text]) => [
          field,
          isEuroField(field as SettingsField) ? parseEuro(text) : parseNumber(text),
        ]),
      ),
    ),
  ),
  settingsSchema,
);

const decimal = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2, useGrouping: false });
const euro = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** Stored settings → the fields' text (cents shown as euro with a comma). */
export function toFormValues(settings: Settings): SettingsFormValues {
  return Object.fromEntries(
    Object.entries(settings).map(([field, value]) => [
      field,
      isEuroField(field as SettingsField) ? euro.format(value / 100) : decimal.format(value),
    ]),
  ) as SettingsFormValues;
}
