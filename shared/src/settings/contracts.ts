import * as z from 'zod/mini';
import { requiredString } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';

/**
 * Payout and commission settings (03 §3 "Global or per-seller payout setting", 02 §3 "Settings").
 * Money is integer cents (`*_euro`, `minimum_voucher_value`), percentages are plain numbers with up to
 * two decimals, `payout_schedule` is a number of days. A seller's own value overrides the global one.
 */
export const SETTINGS_FIELDS = [
  'payout_schedule',
  'sales_commission_percentage',
  'sales_commission_euro',
  'subdomain_sales_commission_percentage',
  'subdomain_sales_commission_euro',
  'minimum_voucher_value',
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

const days = () =>
  z
    .number({ error: MSG.required })
    .check(
      z.int({ error: MSG.integer }),
      z.gte(1, { error: MSG.minValue(1) }),
      z.lte(365, { error: MSG.maxValue(365) }),
    );
const percent = () =>
  z.number({ error: MSG.required }).check(
    z.gte(0, { error: MSG.minValue(0) }),
    z.lte(100, { error: MSG.maxValue(100) }),
    z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, { error: MSG.numeric }),
  );
const cents = () =>
  z.number({ error: MSG.required }).check(z.int({ error: MSG.integer }), z.gte(0, { error: MSG.minValue(0) }));

export const settingsSchema = z.object({
  payout_schedule: days(),
  sales_commission_percentage: percent(),
  sales_commission_euro: cents(),
  subdomain_sales_commission_percentage: percent(),
  subdomain_sales_commission_euro: cents(),
  minimum_voucher_value: cents(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A seller's own values: any subset; a missing or null field falls back to the global setting. */
export const sellerSettingsOverridesSchema = z.object({
  payout_schedule: z.optional(z.nullable(days())),
  sales_commission_percentage: z.optional(z.nullable(percent())),
  sales_commission_euro: z.optional(z.nullable(cents())),
  subdomain_sales_commission_percentage: z.optional(z.nullable(percent())),
  subdomain_sales_commission_euro: z.optional(z.nullable(cents())),
  minimum_voucher_value: z.optional(z.nullable(cents())),
});
export type SellerSettingsOverrides = z.infer<typeof sellerSettingsOverridesSchema>;

/**
 * Used while no global settings item exists (fresh installation): the values the seller copy names
 * (02 §9: 5 % plus 5,00 € per sale), 3 % plus 3,00 € for subdomain sales, payout every 14 days,
 * minimum voucher value 5,00 €.
 */
export const DEFAULT_SETTINGS: Settings = {
  payout_schedule: 14,
  sales_commission_percentage: 5,
  sales_commission_euro: 500,
  subdomain_sales_commission_percentage: 3,
  subdomain_sales_commission_euro: 300,
  minimum_voucher_value: 500,
};

/** The settings that apply to a seller: the seller's value where one is set, else the global one, else the default. */
export function effectiveSettings(
  global: Partial<Settings> | null | undefined,
  seller: SellerSettingsOverrides | null | undefined,
): Settings {
  const out = { ...DEFAULT_SETTINGS };
  for (const field of SETTINGS_FIELDS) {
    const own = seller?.[field];
    const shared = global?.[field];
    if (typeof own === 'number') out[field] = own;
    else if (typeof shared === 'number') out[field] = shared;
  }
  return out;
}

/** Only the fields a seller really overrides (numbers), for the admin's per-seller form. */
export function overridesOf(seller: SellerSettingsOverrides | null | undefined): Partial<Settings> {
  const out: Partial<Settings> = {};
  for (const field of SETTINGS_FIELDS) {
    const own = seller?.[field];
    if (typeof own === 'number') out[field] = own;
  }
  return out;
}

/** GET global-settings → { data }; `id` is '1' once the admin saved them, null while the code defaults apply (issue 11). */
export const globalSettingsResponseSchema = z.object({
  data: z.extend(settingsSchema, { id: z.optional(z.nullable(z.string())) }),
});
export type GlobalSettingsResponse = z.infer<typeof globalSettingsResponseSchema>;

/** GET user-settings/by-user?user_id= */
export const userSettingsQuerySchema = z.object({ user_id: requiredString(64) });

/** GET user-settings/by-user → { data: effective settings of the seller, user_id, overrides: the seller's own values }. */
export const userSettingsResponseSchema = z.object({
  data: z.extend(settingsSchema, {
    user_id: z.string(),
    overrides: z.partial(settingsSchema),
    /** The seller's user id while it has settings of its own (the admin form then updates), else null (issue 11). */
    id: z.optional(z.nullable(z.string())),
  }),
});
export type UserSettingsResponse = z.infer<typeof userSettingsResponseSchema>;

/**
 * The sales pause, stored on the global settings item next to the payout settings (not part of
 * `Settings`, so the payout forms and `effectiveSettings` are unchanged). `sales_paused` stops new
 * sales (cart add, payment); wallets and redemption keep working. Absent = false.
 */
export const salesPauseSchema = z.object({ sales_paused: z.boolean() });
export type SalesPause = z.infer<typeof salesPauseSchema>;
export const DEFAULT_SALES_PAUSE: SalesPause = { sales_paused: false };
