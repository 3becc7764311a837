import * as z from 'zod/mini';
import { pagedSchema } from '../api/paged.ts';
import { PAGE_SIZE } from '../catalogue/reference-data.ts';
import { voucherCardSchema } from '../catalogue/contracts.ts';
import { booleanish, emailField, intParam, requiredString } from '../validation/fields.ts';
import { personalisationSchema } from './personalisation.ts';

/**
 * The wallet (01 §2 "Wallet", "Wallet voucher detail", "Guest retrieval"; 01 §3 "User voucher";
 * 01 §7 user-voucher/search/user-vouchers, GET user-voucher/{id}, order/download-voucher,
 * retrieve/guest-vouchers). Money in integer cents.
 */

export const SENT_VIA = ['voucher_download', 'email', 'transferred'] as const;
export const sentViaSchema = z.nullable(z.enum(SENT_VIA));
export type SentVia = z.infer<typeof sentViaSchema>;

/** `reversing` (issue 11): frozen by a running order reversal — not redeemable or transferable until it ends (reversed) or Stripe refuses the refund (active again). */
export const userVoucherStatusSchema = z.enum(['active', 'reversing', 'redeemed', 'reversed']);
export type UserVoucherStatus = z.infer<typeof userVoucherStatusSchema>;

/** The buyer's design as the API answers it (defined once in personalisation.ts). */
export const userVoucherPersonalisationSchema = personalisationSchema;
export type UserVoucherPersonalisationView = z.infer<typeof userVoucherPersonalisationSchema>;

/** A user voucher as the wallet lists it (01 §3 "User voucher (owned)"). Only ever answered to its owner. */
export const userVoucherSchema = z.object({
  id: z.string(),
  /** Crockford base32, 26 characters: what the QR URL carries and staff may type at the till. */
  code: z.string(),
  /** `<APP_URL>/qr/<code>`: what the QR image encodes. */
  qr: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  voucher_id: z.string(),
  seller_id: z.string(),
  /** The voucher as sold (snapshot at purchase). */
  voucher: voucherCardSchema,
  type: voucherCardSchema.shape.type,
  qty: z.number().check(z.int()),
  /** Value vouchers: the chosen value per unit (cents); else null. */
  value: z.nullable(z.number().check(z.int())),
  remaining_qty: z.number().check(z.int()),
  /** Cents. */
  remaining_value: z.number().check(z.int()),
  /** yyyy-mm-dd: 'Gültig bis'. */
  valid_until: z.string(),
  status: userVoucherStatusSchema,
  sent_via: sentViaSchema,
  personalisation: z.nullable(userVoucherPersonalisationSchema),
  /** Who gave it (gifts, transfers), or null. */
  from_name: z.nullable(z.string()),
  /** True while a share link (transfer code) is open. */
  has_transfer_link: z.boolean(),
  acquired_at: z.string(),
  created_at: z.string(),
  /** Optimistic lock: the personalise form sends it back (POST user-voucher/{id}, issue 5 personalise). */
  version: z.number().check(z.int()),
});
export type UserVoucher = z.infer<typeof userVoucherSchema>;

/** Seller info on the wallet voucher detail (01 §2: company name, address, zip, city, region, phone, e-mail, url). */
export const walletSellerSchema = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  company_name: z.string(),
  logo: z.nullable(z.string()),
  address: z.nullable(z.string()),
  zip_code: z.nullable(z.string()),
  city: z.nullable(z.string()),
  region: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  url: z.nullable(z.string()),
});
export type WalletSeller = z.infer<typeof walletSellerSchema>;

/** The current catalogue entry's detail texts and images (null when the voucher was deleted meanwhile). */
export const walletVoucherInfoSchema = z.object({
  description: z.string(),
  long_description: z.string(),
  note: z.nullable(z.string()),
  image_1: z.nullable(z.string()),
  image_2: z.nullable(z.string()),
  image_3: z.nullable(z.string()),
  /** Validity in years. */
  expiry_date: z.number().check(z.int()),
  isReserve: z.boolean(),
});

/** GET user-voucher/{id} → { user_voucher }: owner only (404 for anyone else). */
export const userVoucherDetailSchema = z.extend(userVoucherSchema, {
  seller: walletSellerSchema,
  voucher_info: z.nullable(walletVoucherInfoSchema),
});
export type UserVoucherDetail = z.infer<typeof userVoucherDetailSchema>;
export const userVoucherDetailResponseSchema = z.object({ user_voucher: userVoucherDetailSchema });

/**
 * POST user-voucher/search/user-vouchers (01 §7): keyword, page, paginate (9), isNewest; the spec's
 * user_id, status and subdomain are accepted and ignored (the wallet is always the caller's own;
 * `type: 'buyer'` is the buyer-designed list, another endpoint's concern).
 */
export const walletSearchRequestSchema = z.object({
  keyword: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(100)))),
  page: z._default(intParam(1, 100000), 1),
  paginate: z._default(intParam(1, 100), PAGE_SIZE.wallet),
  /** Newest first (default); false lists the oldest first. */
  isNewest: z.nullable(z.optional(booleanish())),
  user_id: z.optional(z.unknown()),
  status: z.optional(z.unknown()),
  /** A tenant shop's name: only that tenant's (seller's) vouchers; absent = the request's tenant host, else all. */
  subdomain: z.nullable(z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(63)))),
  type: z.optional(z.unknown()),
});
export type WalletSearchRequest = z.input<typeof walletSearchRequestSchema>;

export const walletPageSchema = pagedSchema(userVoucherSchema);
export type WalletPage = z.infer<typeof walletPageSchema>;
/** The answer: `{ user_vouchers: { data, current_page, last_page, next_page_url, … } }`. */
export const walletSearchResponseSchema = z.object({ user_vouchers: walletPageSchema });

/** POST order/download-voucher {id} → the voucher PDF (owner only). */
export const downloadVoucherRequestSchema = z.object({ id: requiredString(64) });
export type DownloadVoucherRequest = z.input<typeof downloadVoucherRequestSchema>;

/** POST retrieve/guest-vouchers {email} → { message } (the same message whether or not the address has vouchers). */
export const guestRetrievalRequestSchema = z.object({ email: emailField() });
export type GuestRetrievalRequest = z.input<typeof guestRetrievalRequestSchema>;
export const guestRetrievalResponseSchema = z.object({ message: z.string() });

/**
 * GET user-voucher/qr/{code} (public): what a browser opening a voucher's QR URL (`/qr/<code>`) is
 * shown — the catalogue voucher's public page, or for its owner the wallet detail. Unknown code → 404.
 */
export const qrResolveResponseSchema = z.object({
  voucher_id: z.string(),
  /** Only when the caller owns the voucher. */
  user_voucher_id: z.nullable(z.string()),
});
export type QrResolveResponse = z.infer<typeof qrResolveResponseSchema>;

/** Screen texts (01 §2, §4, §8), verbatim where the spec gives them. */
export const WALLET_TEXT = {
  title: 'Meine Wallet',
  subtitle: 'Übersicht deiner Gutscheine',
  redeem: 'Gutschein einlösen',
  personalise: 'Personalisieren',
  download: 'Herunterladen',
  sendEmail: 'Per E-Mail senden',
  shareLink: 'Als Link teilen',
  validUntil: 'Gültig bis',
  /** sent_via labels (01 §4). */
  sentViaLabel: { voucher_download: 'Verschenkt', email: 'Verschenkt', transferred: 'Übertragen' } as const,
  sentViaWarning:
    'Achtung: Dieser Gutschein wurde bereits heruntergeladen, versendet oder übertragen. Er könnte ausgedruckt oder verschenkt worden sein.',
  guestRetrievalTitle: 'Gutschein verloren?',
  guestRetrievalSent: 'Gutschein wurde erfolgreich an die angegebene Email geschickt.',
  guestRetrievalButton: 'Gutscheine anfordern',
} as const;

/** The file name of a voucher PDF download and attachment. */
export const voucherPdfFilename = (orderNo: string, code: string) =>
  `Gutschein-${orderNo || 'GM'}-${code.slice(0, 6)}.pdf`;
