import * as z from 'zod/mini';
import { pagedSchema, pageQuerySchema } from '../api/paged.ts';
import { settingsSchema } from '../settings/contracts.ts';
import { subdomainNameSchema } from '../tenant/reserved.ts';
import { requiredString } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';

/**
 * Admin: global and per-seller settings, subdomains, expired vouchers and the admin home's counts
 * (03 §2, §4, §5, §7; issue 11). Money in cents; the forms show euro.
 */
export const PLATFORM_ADMIN_TEXT = {
  settingsSaved: 'Die Einstellungen wurden gespeichert.',
  globalReset: 'Die globalen Einstellungen wurden auf die Standardwerte zurückgesetzt.',
  sellerSettingsRemoved: 'Die eigenen Einstellungen des Verkäufers wurden entfernt; es gelten die globalen.',
  sellerSettingsExist: 'Für diesen Verkäufer sind bereits eigene Einstellungen gespeichert.',
  sellerSettingsMissing: 'Für diesen Verkäufer sind keine eigenen Einstellungen gespeichert.',
  notASeller: 'Dieser Benutzer ist kein Verkäufer.',
  sellerNotFound: 'Verkäufer nicht gefunden.',
  globalNotFound: 'Globale Einstellungen nicht gefunden.',
  subdomainSet: 'Die Subdomain wurde gespeichert.',
  subdomainRemoved: 'Die Subdomain wurde entfernt.',
  subdomainUnchanged: 'Der Verkäufer hat diese Subdomain bereits.',
  subdomainChanged: 'Die Subdomain des Verkäufers wurde gerade geändert. Bitte lade die Seite neu.',
} as const;

/** The single global settings item answers to id 1 (03 §7 "GET global-settings (id 1)"). */
export const GLOBAL_SETTINGS_ID = '1';

/** POST global-settings, PUT global-settings/{id}: all six fields required (03 §5). */
export const globalSettingsRequestSchema = settingsSchema;
export type GlobalSettingsRequest = z.infer<typeof globalSettingsRequestSchema>;

/** POST user-settings: the six fields and the seller. */
export const userSettingsCreateSchema = z.extend(settingsSchema, { user_id: requiredString(64) });
export type UserSettingsCreate = z.infer<typeof userSettingsCreateSchema>;

/** PUT user-settings/{id} ({id} = the seller's user id; the item is one per seller). */
export const userSettingsUpdateSchema = settingsSchema;

export const settingsWriteResponseSchema = z.object({ message: z.string(), data: settingsSchema });
export type SettingsWriteResponse = z.infer<typeof settingsWriteResponseSchema>;

/** GET user-settings: the sellers with their own settings. */
export const userSettingsRowSchema = z.extend(z.partial(settingsSchema), {
  user_id: z.string(),
  username: z.nullable(z.string()),
  company_name: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
});
export type UserSettingsRow = z.infer<typeof userSettingsRowSchema>;
export const userSettingsListResponseSchema = z.object({ data: z.array(userSettingsRowSchema) });

/** PUT user/company/update/{id} {name}: an empty name (or null) removes the seller's subdomain. */
export const subdomainUpdateSchema = z.object({
  name: z.pipe(
    z
      .pipe(
        z.optional(z.nullable(z.string({ error: MSG.required }))),
        z.transform((value) => (value ?? '').trim().toLowerCase()),
      )
      .check(
        z.superRefine((value, ctx) => {
          if (value === '') return;
          const checked = subdomainNameSchema.safeParse(value);
          if (!checked.success)
            ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? MSG.required });
        }),
      ),
    z.transform((value) => value || null),
  ),
});
export type SubdomainUpdate = z.input<typeof subdomainUpdateSchema>;

export const subdomainSellerSchema = z.object({
  id: z.string(),
  username: z.string(),
  company_name: z.nullable(z.string()),
  subdomain: z.nullable(z.string()),
  subdomain_updated: z.nullable(z.string()),
});
export type SubdomainSeller = z.infer<typeof subdomainSellerSchema>;

export const subdomainUpdateResponseSchema = z.object({ message: z.string(), data: subdomainSellerSchema });

/** GET user-voucher/expired (admin): page, paginate 10, cursor (from next_page_url). */
export const expiredVoucherQuerySchema = z.extend(pageQuerySchema(10), {
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});

export const expiredHolderSchema = z.object({
  kind: z.enum(['user', 'guest', 'unclaimed']),
  /** The buyer's name (or username), the guest's e-mail, or null while unclaimed. */
  label: z.nullable(z.string()),
  user_id: z.nullable(z.string()),
});
export type ExpiredHolder = z.infer<typeof expiredHolderSchema>;

export const expiredVoucherSchema = z.object({
  id: z.string(),
  order_no: z.string(),
  voucher_id: z.string(),
  title: z.string(),
  type: z.enum(['value', 'quantity']),
  /** Cents still on the voucher. */
  remaining_value: z.number().check(z.int()),
  remaining_qty: z.number().check(z.int()),
  holder: expiredHolderSchema,
  seller: z.object({ id: z.string(), name: z.string() }),
  /** yyyy-mm-dd, the last day it was redeemable. */
  valid_until: z.string(),
});
export type ExpiredVoucher = z.infer<typeof expiredVoucherSchema>;
export const expiredVoucherPageSchema = pagedSchema(expiredVoucherSchema);

export const EXPIRED_CSV_HEADER = [
  'Bestellnummer',
  'Gutschein',
  'Art',
  'Restwert (EUR)',
  'Restmenge',
  'Inhaber',
  'Verkäufer',
  'Gültig bis',
] as const;
export const HOLDER_LABEL = { unclaimed: 'nicht abgeholt' } as const;
export const expiredCsvFileName = (day: string) => `Abgelaufene_Gutscheine_${day}.csv`;

/** GET admin/overview: counts for the admin home that need no full scan. */
export const adminOverviewSchema = z.object({
  /** Europe/Vienna day the counts are for (yyyy-mm-dd). */
  day: z.string(),
  orders_today: z.number().check(z.int()),
  sellers_awaiting_activation: z.number().check(z.int()),
  /** Seller invoices whose payment is not complete yet (transfer pending, failed or to pay manually; issue 12). */
  open_payouts: z.number().check(z.int()),
  /** Their sum in cents (invoiced payout less paid, over the sellers). */
  open_payout_amount: z.number().check(z.int()),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export const adminOverviewResponseSchema = z.object({ data: adminOverviewSchema });
