import * as z from 'zod/mini';
import { pagedSchema } from '../api/paged.ts';
import { optionalString, requiredString } from '../validation/fields.ts';
import {
  designFields,
  personalisationSchema,
  versionField,
  withBackgroundRules,
  type BackgroundKind,
} from './personalisation.ts';

/**
 * Buyer-designed gift vouchers (01 §2 "Buyer gift-voucher designer", /buyer/voucher/{id},
 * /buyer/vouchers/personalized/{id}, /wallet/vouchers; §3 "Buyer voucher: id, token, from, voucher,
 * data_json"; §7 `POST buyer-voucher/{id}`). A buyer writes a voucher of their own ("Ein Frühstück
 * im Bett"), designs it like a personalised voucher and keeps or gives it away. No seller, no price:
 * it is a `type = buyer` voucher and cannot be sold or redeemed at a scanner.
 */

export const BUYER_VOUCHER_TITLE_MAX = 60;
export const BUYER_VOUCHER_DESCRIPTION_MAX = 250;
export const BUYER_VOUCHER_FROM_MAX = 60;
export const BUYER_VOUCHERS_PER_PAGE = 9;

export const BUYER_VOUCHER_TEXT = {
  notFound: 'Gutschein nicht gefunden.',
  stale: 'Der Gutschein wurde inzwischen geändert. Bitte lade die Seite erneut!',
  /** The newsletter popup on opening the designer (01 §2). */
  newsletterTitle: 'Wir spenden für DICH!',
  newsletterText: 'Für jede Anmeldung zu unserem Newsletter spenden wir 1 € an soziale Projekte in deiner Region.',
  designerTitle: 'Gutschein selbst gestalten',
  listTitle: 'Meine gestalteten Gutscheine',
} as const;

/** The id in /buyer/voucher/{id} and POST buyer-voucher/{id}: chosen by the designer when it opens (a UUID), so a create is one idempotent-by-key write. */
export const buyerVoucherIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9-]{8,64}$/, { error: BUYER_VOUCHER_TEXT.notFound }));

/** POST buyer-voucher/{id}: creates (version 0) or updates (the loaded version) the whole voucher. */
export const saveBuyerVoucherRequestSchema = z
  .object({
    title: requiredString(BUYER_VOUCHER_TITLE_MAX),
    description: z.pipe(
      optionalString(BUYER_VOUCHER_DESCRIPTION_MAX),
      z.transform((value) => value || null),
    ),
    /** "from": the name the voucher shows as giver. */
    from: requiredString(BUYER_VOUCHER_FROM_MAX),
    ...designFields,
    version: versionField(),
  })
  .check(z.superRefine(withBackgroundRules));
export type SaveBuyerVoucherRequest = z.input<typeof saveBuyerVoucherRequestSchema>;
export type SaveBuyerVoucherInput = z.output<typeof saveBuyerVoucherRequestSchema>;

export const buyerVoucherSchema = z.object({
  id: z.string(),
  /** Who designed it (shown as giver). */
  from: z.string(),
  voucher: z.object({ type: z.literal('buyer'), title: z.string(), description: z.nullable(z.string()) }),
  /** The design; price_hidden is always true (there is no price). */
  personalisation: personalisationSchema,
  /** The caller designed it (a received voucher can still be re-designed by its new owner). */
  is_creator: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().check(z.int()),
});
export type BuyerVoucher = z.infer<typeof buyerVoucherSchema>;

export const buyerVoucherResponseSchema = z.object({ data: buyerVoucherSchema });
/** GET buyer-voucher: the caller's buyer-designed vouchers, newest first, 9 per page. */
export const buyerVoucherListSchema = pagedSchema(buyerVoucherSchema);

/** POST order/download-buyer-voucher. */
export const downloadBuyerVoucherRequestSchema = z.object({ id: buyerVoucherIdSchema });

export type { BackgroundKind };
