import * as z from 'zod/mini';
import { pagedSchema, pageQuerySchema } from '../api/paged.ts';
import { uploadIdField } from '../uploads/contracts.ts';
import { booleanish, intParam } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import { DISPLAY_OPTIONS, PAGE_SIZE } from './reference-data.ts';

// Shared by many fields: a schema is immutable, and each one built costs every cold start (issue 15).
const text = z.string();
const nullableText = z.nullable(text);
const int = z.number().check(z.int());
const nullableInt = z.nullable(int);
const flag = z.boolean();

export const subcategorySchema = z.object({ id: z.string(), name: z.string(), category_id: z.string() });
export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  icon: z.nullable(z.string()),
  logo: z.nullable(z.string()),
  subcategories: z.array(subcategorySchema),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.object({ data: z.array(categorySchema) });

export const voucherTypeSchema = z.enum(['quantity', 'value', 'buyer']);

export const taxEntrySchema = z.object({ tax: z.number(), label: z.string(), value: z.number().check(z.int()) });

/** Seller as embedded in a voucher (01 §3: seller {username, company {logo, region, url}}). */
export const voucherSellerSchema = z.object({
  id: text,
  username: text,
  company: z.nullable(
    z.object({
      name: text,
      logo: nullableText,
      region: nullableText,
      url: nullableText,
    }),
  ),
  /**
   * False while the product has not activated the seller (issue 11): its vouchers are left out of every
   * public list. Absent on summaries written before issue 11 (those sellers were selling already).
   */
  is_activated: z.optional(flag),
});

export const voucherStylingSchema = z.object({
  background_color: text,
  background_description_color: text,
  header_and_footer_background_color: text,
  header_and_footer_color: text,
  description_color: text,
  text_color: z.enum(['dark', 'light']),
});

/**
 * A voucher card's fields (01 §2 "Voucher card"): the voucher's subset the catalogue projection stores.
 * Both schemas are built from these, so a route that only needs the card (order lines, lists) does not
 * build the whole voucher (issue 15, cold starts).
 */
const cardFields = {
  id: text,
  title: text,
  description: text,
  type: voucherTypeSchema,
  qty_val: nullableInt,
  val_min: nullableInt,
  val_max: nullableInt,
  price_filter: int,
  voucher_category_id: text,
  subcategory_id: nullableText,
  target: text,
  season: text,
  region_id: nullableInt,
  seller_id: text,
  seller: voucherSellerSchema,
  is_active: flag,
  is_featured: flag,
  display: z.enum(DISPLAY_OPTIONS),
  valid_day: z.array(text),
  months: z.array(z.number().check(z.int(), z.gte(1), z.lte(12))),
  price_hidden: flag,
  background_image: nullableText,
  styling: voucherStylingSchema,
  sold_count: int,
  created_at: text,
};

/** The employee voucher's fields (issue 13), on the voucher and on the seller's own cards. */
const tourismFields = {
  is_tourism: flag,
  employee_value: z.nullish(text),
};

/**
 * A voucher as the API answers it (02 §3). Money fields are integer cents (docs/decisions/platform.md):
 * qty_val and price_filter per unit, val_min/val_max for value vouchers.
 */
export const voucherSchema = z.object({
  id: cardFields.id,
  title: cardFields.title,
  description: cardFields.description,
  long_description: text,
  note: nullableText,
  type: cardFields.type,
  qty_val: cardFields.qty_val,
  qty_min: nullableInt,
  qty_max: nullableInt,
  val_min: cardFields.val_min,
  val_max: cardFields.val_max,
  price_filter: cardFields.price_filter,
  voucher_category_id: cardFields.voucher_category_id,
  category: z.nullable(z.object({ id: text, name: text, slug: text })),
  subcategory_id: cardFields.subcategory_id,
  target: cardFields.target,
  season: cardFields.season,
  region_id: cardFields.region_id,
  seller_id: cardFields.seller_id,
  seller: cardFields.seller,
  is_active: cardFields.is_active,
  is_featured: cardFields.is_featured,
  is_tourism: tourismFields.is_tourism,
  /** Employee vouchers only (issue 13): free text such as '1+1 gratis'; absent/null on other vouchers. */
  employee_value: tourismFields.employee_value,
  display: cardFields.display,
  valid_day: cardFields.valid_day,
  months: cardFields.months,
  valid_date: z._default(z.array(z.object({ start: text, end: text })), []),
  expiry_date: int,
  validity_reason: nullableText,
  isReserve: flag,
  price_hidden: cardFields.price_hidden,
  tax: z.union([z.literal('unsure'), z.array(taxEntrySchema)]),
  background_image: cardFields.background_image,
  image_1: nullableText,
  image_2: nullableText,
  image_3: nullableText,
  styling: cardFields.styling,
  sold_count: cardFields.sold_count,
  created_at: cardFields.created_at,
});
export type Voucher = z.infer<typeof voucherSchema>;

/** GET voucher query (01 §7): paginate 15 (home 9, newest 10), featured, newest, page, seed, seller_id. */
export const voucherListQuerySchema = z.object({
  page: z._default(intParam(1, 100000), 1),
  paginate: z._default(intParam(1, 100), PAGE_SIZE.generic),
  featured: z.optional(booleanish()),
  newest: z.optional(booleanish()),
  seller_id: z.optional(z.string().check(z.maxLength(64))),
  keyword: z.optional(z.string().check(z.maxLength(100))),
  seed: z.optional(z.coerce.number().check(z.int())),
});
export type VoucherListQuery = z.input<typeof voucherListQuerySchema>;

export const voucherDetailQuerySchema = z.object({
  isWallet: z.optional(booleanish()),
  with_stat: z.optional(booleanish()),
});

/** What a voucher card and the public lists need (01 §2 "Voucher card"); the catalogue projection stores exactly this. */
export const voucherCardSchema = z.object(cardFields);
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
export const sellerVoucherCardSchema = z.extend(voucherCardSchema, tourismFields);
export type SellerVoucherCard = z.infer<typeof sellerVoucherCardSchema>;
export const sellerVoucherListSchema = pagedSchema(sellerVoucherCardSchema);
export type SellerVoucherList = z.infer<typeof sellerVoucherListSchema>;

/** Sales and redemption numbers of one voucher (VOUCHER#<id>/STATS; zeros until the first sale). Money in cents. */
export const voucherStatsSchema = z.object({
  sold_count: z.number().check(z.int()),
  sold_qty: z.number().check(z.int()),
  gross: z.number().check(z.int()),
  redemption_count: z.number().check(z.int()),
  redeemed_value: z.number().check(z.int()),
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
export const voucherWithStatsSchema = z.extend(voucherSchema, { stats: voucherStatsSchema });
export type VoucherWithStats = z.infer<typeof voucherWithStatsSchema>;

/** POST voucher/update-status/{id} */
export const voucherStatusResponseSchema = z.object({ message: z.string(), voucher: voucherSchema });
/** DELETE voucher/{id} */
export const voucherDeleteResponseSchema = z.object({ message: z.string() });

/** POST voucher/upload-bg-img/{id}: the background image, uploaded first through POST upload/image (purpose voucher-background). */
export const voucherBackgroundRequestSchema = z.object({
  upload_id: z.pipe(z.string({ error: MSG.required }), uploadIdField()),
});
export type VoucherBackgroundRequest = z.input<typeof voucherBackgroundRequestSchema>;

export const companyPublicSchema = z.object({
  id: z.string(),
  seller_id: z.string(),
  name: z.string(),
  logo: z.nullable(z.string()),
  url: z.nullable(z.string()),
  region: z.nullable(z.string()),
});
export const companyListSchema = z.object({ data: z.array(companyPublicSchema) });
