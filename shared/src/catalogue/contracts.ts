import * as z from 'zod';
import { pagedSchema, pageQuerySchema } from '../api/paged.ts';
import { uploadIdField } from '../uploads/contracts.ts';
import { booleanish, intParam } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import { DISPLAY_OPTIONS, PAGE_SIZE } from './reference-data.ts';

export const subcategorySchema = z.object({ id: z.string(), name: z.string(), category_id: z.string() });
export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  icon: z.string().nullable(),
  logo: z.string().nullable(),
  subcategories: z.array(subcategorySchema),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.object({ data: z.array(categorySchema) });

export const voucherTypeSchema = z.enum(['quantity', 'value', 'buyer']);

export const taxEntrySchema = z.object({ tax: z.number(), label: z.string(), value: z.number().int() });

/** Seller as embedded in a voucher (01 §3: seller {username, company {logo, region, url}}). */
export const voucherSellerSchema = z.object({
  id: z.string(),
  username: z.string(),
  company: z
    .object({
      name: z.string(),
      logo: z.string().nullable(),
      region: z.string().nullable(),
      url: z.string().nullable(),
    })
    .nullable(),
  /**
   * False while the product has not activated the seller (issue 11): its vouchers are left out of every
   * public list. Absent on summaries written before issue 11 (those sellers were selling already).
   */
  is_activated: z.boolean().optional(),
});

export const voucherStylingSchema = z.object({
  background_color: z.string(),
  background_description_color: z.string(),
  header_and_footer_background_color: z.string(),
  header_and_footer_color: z.string(),
  description_color: z.string(),
  text_color: z.enum(['dark', 'light']),
});

/**
 * A voucher as the API answers it (02 §3). Money fields are integer cents (docs/decisions/platform.md):
 * qty_val and price_filter per unit, val_min/val_max for value vouchers.
 */
export const voucherSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  long_description: z.string(),
  note: z.string().nullable(),
  type: voucherTypeSchema,
  qty_val: z.number().int().nullable(),
  qty_min: z.number().int().nullable(),
  qty_max: z.number().int().nullable(),
  val_min: z.number().int().nullable(),
  val_max: z.number().int().nullable(),
  price_filter: z.number().int(),
  voucher_category_id: z.string(),
  category: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  subcategory_id: z.string().nullable(),
  target: z.string(),
  season: z.string(),
  region_id: z.number().int().nullable(),
  seller_id: z.string(),
  seller: voucherSellerSchema,
  is_active: z.boolean(),
  is_featured: z.boolean(),
  is_tourism: z.boolean(),
  /** Employee vouchers only (issue 13): free text such as '1+1 gratis'; absent/null on other vouchers. */
  employee_value: z.string().nullish(),
  display: z.enum(DISPLAY_OPTIONS),
  valid_day: z.array(z.string()),
  months: z.array(z.number().int().min(1).max(12)),
  valid_date: z.array(z.object({ start: z.string(), end: z.string() })).default([]),
  expiry_date: z.number().int(),
  validity_reason: z.string().nullable(),
  isReserve: z.boolean(),
  price_hidden: z.boolean(),
  tax: z.union([z.literal('unsure'), z.array(taxEntrySchema)]),
  background_image: z.string().nullable(),
  image_1: z.string().nullable(),
  image_2: z.string().nullable(),
  image_3: z.string().nullable(),
  styling: voucherStylingSchema,
  sold_count: z.number().int(),
  created_at: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** GET voucher query (01 §7): paginate 15 (home 9, newest 10), featured, newest, page, seed, seller_id. */
export const voucherListQuerySchema = z.object({
  page: intParam(1, 100000).default(1),
  paginate: intParam(1, 100).default(PAGE_SIZE.generic),
  featured: booleanish().optional(),
  newest: booleanish().optional(),
  seller_id: z.string().max(64).optional(),
  keyword: z.string().max(100).optional(),
  seed: z.coerce.number().int().optional(),
});
export type VoucherListQuery = z.input<typeof voucherListQuerySchema>;

export const voucherDetailQuerySchema = z.object({
  isWallet: booleanish().optional(),
  with_stat: booleanish().optional(),
});

/** What a voucher card and the public lists need (01 §2 "Voucher card"); the catalogue projection stores exactly this. */
export const voucherCardSchema = voucherSchema.pick({
  id: true,
  title: true,
  description: true,
  type: true,
  qty_val: true,
  val_min: true,
  val_max: true,
  price_filter: true,
  voucher_category_id: true,
  subcategory_id: true,
  target: true,
  season: true,
  region_id: true,
  seller_id: true,
  seller: true,
  is_active: true,
  is_featured: true,
  display: true,
  valid_day: true,
  months: true,
  price_hidden: true,
  background_image: true,
  styling: true,
  sold_count: true,
  created_at: true,
});
export type VoucherCard = z.infer<typeof voucherCardSchema>;

export function toVoucherCard(voucher: Voucher): VoucherCard {
  return voucherCardSchema.parse(voucher);
}

// --- Seller side (02 §2 "Seller voucher list", "Voucher statistics"; 02 §7) ----------------------

/** Texts of the seller's voucher actions (02 §8; 'deaktiveren' is the spec's spelling). */
export const VOUCHER_TEXT = {
  activated: 'Gutscheine aktivieren.',
  deactivated: 'Gutscheine deaktiveren.',
  /** The spec's success title for a deletion; the answer's message is `deleted`. */
  deleteTitle: 'Gutschein löschen',
  deleted: 'Der Gutschein wurde gelöscht.',
  confirmDelete: 'Bist du sicher, dass du diesen Gutschein löschen möchtest?',
  confirmDeactivate: 'Bist du sicher, dass du diesen Gutschein deaktivieren willst?',
  confirmActivate: 'Bist du sicher, dass du diesen Gutschein aktivieren willst?',
  tourismNotDeletable: 'Tourismus-Gutscheine können nicht gelöscht werden.',
  extraImagesTooLarge: 'Die zusätzlichen Bilder dürfen zusammen höchstens 2 MB groß sein.',
  changedMeanwhile: 'Der Gutschein wurde inzwischen geändert. Bitte lade die Seite neu und versuche es erneut.',
} as const;

/** GET voucher/seller-vouchers?page&paginate (default 9): the seller's own vouchers, active and inactive, newest first. */
export const sellerVoucherListQuerySchema = pageQuerySchema(PAGE_SIZE.seller);
/** The seller's own cards (Meine Gutscheine): an employee voucher shows its employee value instead of a price. */
export const sellerVoucherCardSchema = voucherCardSchema.extend(
  voucherSchema.pick({ is_tourism: true, employee_value: true }).shape,
);
export type SellerVoucherCard = z.infer<typeof sellerVoucherCardSchema>;
export const sellerVoucherListSchema = pagedSchema(sellerVoucherCardSchema);
export type SellerVoucherList = z.infer<typeof sellerVoucherListSchema>;

/** Sales and redemption numbers of one voucher (VOUCHER#<id>/STATS; zeros until the first sale). Money in cents. */
export const voucherStatsSchema = z.object({
  sold_count: z.number().int(),
  sold_qty: z.number().int(),
  gross: z.number().int(),
  redemption_count: z.number().int(),
  redeemed_value: z.number().int(),
});
export type VoucherStats = z.infer<typeof voucherStatsSchema>;
export const EMPTY_VOUCHER_STATS: VoucherStats = {
  sold_count: 0,
  sold_qty: 0,
  gross: 0,
  redemption_count: 0,
  redeemed_value: 0,
};

/** GET voucher/{id}?with_stat=1 for the owning seller or an admin. */
export const voucherWithStatsSchema = voucherSchema.extend({ stats: voucherStatsSchema });
export type VoucherWithStats = z.infer<typeof voucherWithStatsSchema>;

/** POST voucher/update-status/{id} */
export const voucherStatusResponseSchema = z.object({ message: z.string(), voucher: voucherSchema });
/** DELETE voucher/{id} */
export const voucherDeleteResponseSchema = z.object({ message: z.string() });

/** POST voucher/upload-bg-img/{id}: the background image, uploaded first through POST upload/image (purpose voucher-background). */
export const voucherBackgroundRequestSchema = z.object({
  upload_id: z.string({ error: MSG.required }).pipe(uploadIdField()),
});
export type VoucherBackgroundRequest = z.input<typeof voucherBackgroundRequestSchema>;

export const companyPublicSchema = z.object({
  id: z.string(),
  seller_id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  url: z.string().nullable(),
  region: z.string().nullable(),
});
export const companyListSchema = z.object({ data: z.array(companyPublicSchema) });
