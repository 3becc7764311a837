import { voucherSchema, type Category, type Voucher } from '@gm/shared/catalogue/contracts';
import { DEFAULT_STYLING, priceFieldsOf, validityFieldsOf, type VoucherForm } from '@gm/shared/catalogue/voucher-form';
import { EMPLOYEE_VOUCHER_VALIDITY_YEARS } from '@gm/shared/tourism/employee-vouchers';
import { MAX_EXTRA_IMAGES_BYTES } from '@gm/shared/uploads/contracts';
import { VOUCHER_TEXT } from '@gm/shared/catalogue/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { ValidationError } from '../../lib/errors.ts';
import type { VoucherRecord } from '../../repositories/voucher-repository.ts';

/**
 * The pure part of saving a voucher from the builder form (02 §3, §5): category check, tax entries,
 * image plan and the stored Voucher. No I/O, so every rule is unit-tested.
 */

export const EXTRA_IMAGE_SLOTS = ['image_1', 'image_2', 'image_3'] as const;
export type ExtraImageSlot = (typeof EXTRA_IMAGE_SLOTS)[number];
export type ImageSlot = 'background_image' | ExtraImageSlot;

/** The form field that carries a slot's new upload. */
export const UPLOAD_FIELD: Record<
  ImageSlot,
  'background_upload_id' | 'image_1_upload_id' | 'image_2_upload_id' | 'image_3_upload_id'
> = {
  background_image: 'background_upload_id',
  image_1: 'image_1_upload_id',
  image_2: 'image_2_upload_id',
  image_3: 'image_3_upload_id',
};

/** Media key (below media/) of a slot's new image; publish appends .jpg / .png. */
export function imageTargetKey(voucherId: string, slot: ImageSlot, uploadId: string): string {
  const name = slot === 'background_image' ? 'background' : slot.replace('_', '-');
  return `vouchers/${voucherId}/${name}-${uploadId}`;
}

/**
 * Exactly one existing category; a sub-category of that category when it has any, none otherwise
 * (02 §5). Failures read 'Dieses Feld muss ausgefüllt werden' on the field concerned.
 */
export function resolveCategory(
  tree: readonly Category[],
  categoryId: string,
  subcategoryId: string | null | undefined,
): { category: { id: string; name: string; slug: string }; subcategoryId: string | null } {
  const category = tree.find((c) => c.id === categoryId);
  if (!category) throw ValidationError.field('voucher_category_id', MSG.required);
  const chosen = subcategoryId?.trim() || null;
  if (category.subcategories.length > 0) {
    if (!chosen || !category.subcategories.some((s) => s.id === chosen))
      throw ValidationError.field('subcategory_id', MSG.required);
  } else if (chosen) {
    throw ValidationError.field('subcategory_id', MSG.required);
  }
  return { category: { id: category.id, name: category.name, slug: category.slug }, subcategoryId: chosen };
}

/** Stored tax entries [{tax, label 'NN %', value}]; a single rate without an amount covers the whole price. */
export function taxEntriesOf(tax: VoucherForm['tax'], priceFilter: number): Voucher['tax'] {
  if (tax === 'unsure') return 'unsure';
  return tax.map((entry) => ({
    tax: entry.tax,
    label: `${entry.tax} %`,
    value: entry.value ?? (tax.length === 1 ? priceFilter : 0),
  }));
}

export type ImagePlan = {
  /** Slots that get a new upload: slot → upload id. */
  uploads: Partial<Record<ImageSlot, string>>;
  /** The image URLs to store, before the new uploads are published (new slots hold null here). */
  keep: Record<ImageSlot, string | null>;
};

/** What happens to each image: a new upload replaces, `remove_bg` / `remove_images` clear, anything else stays. */
export function planImages(
  form: Pick<
    VoucherForm,
    | 'background_upload_id'
    | 'image_1_upload_id'
    | 'image_2_upload_id'
    | 'image_3_upload_id'
    | 'remove_bg'
    | 'remove_images'
  >,
  existing: Pick<Voucher, ImageSlot> | undefined,
): ImagePlan {
  const uploads: ImagePlan['uploads'] = {};
  const keep = { background_image: null, image_1: null, image_2: null, image_3: null } as Record<
    ImageSlot,
    string | null
  >;
  for (const slot of ['background_image', ...EXTRA_IMAGE_SLOTS] as const) {
    const uploadId = form[UPLOAD_FIELD[slot]];
    const removed = slot === 'background_image' ? form.remove_bg : form.remove_images.includes(slot);
    if (uploadId) uploads[slot] = uploadId;
    else if (!removed) keep[slot] = existing?.[slot] ?? null;
  }
  return { uploads, keep };
}

/**
 * Sizes of the extra images after the save (new ones from their upload, kept ones as recorded) and
 * the 2 MB check on their sum (02 §9). Kept images without a recorded size (demo data) count 0.
 */
export function extraImageBytes(
  plan: ImagePlan,
  newSizes: Partial<Record<ExtraImageSlot, number>>,
  recorded: VoucherRecord['extra_image_bytes'],
): Partial<Record<ExtraImageSlot, number>> {
  const out: Partial<Record<ExtraImageSlot, number>> = {};
  for (const slot of EXTRA_IMAGE_SLOTS) {
    if (plan.uploads[slot]) out[slot] = newSizes[slot] ?? 0;
    else if (plan.keep[slot]) out[slot] = recorded?.[slot] ?? 0;
  }
  const total = Object.values(out).reduce((sum, bytes) => sum + bytes, 0);
  if (total > MAX_EXTRA_IMAGES_BYTES) {
    const fields = EXTRA_IMAGE_SLOTS.filter((slot) => plan.uploads[slot]).map((slot) => UPLOAD_FIELD[slot]);
    throw new ValidationError(
      Object.fromEntries(
        (fields.length ? fields : ['image_1_upload_id']).map((field) => [field, [VOUCHER_TEXT.extraImagesTooLarge]]),
      ),
      VOUCHER_TEXT.extraImagesTooLarge,
    );
  }
  return out;
}

export type BuildContext = {
  id: string;
  seller: Voucher['seller'];
  regionId: number | null;
  category: { id: string; name: string; slug: string };
  subcategoryId: string | null;
  images: Record<ImageSlot, string | null>;
  /** The stored voucher on update: its status, feature flag, sales and creation time are kept. */
  existing?: Pick<Voucher, 'is_active' | 'is_featured' | 'is_tourism' | 'sold_count' | 'created_at'> | undefined;
  /** Create only: the builder's tourism mode of a partner seller (the service checks `is_partner`). */
  tourism?: boolean;
  now: string;
};

/**
 * The Voucher a builder form describes; the server computes prices, validity and tax entries.
 * An employee voucher (tourism mode, 02 §2; `is_tourism` is fixed at create and kept on update) is
 * forced to type value without a price, tax 'unsure', the default styling, no background image,
 * 10 years validity and the `employee_value` text.
 */
export function buildVoucher(form: VoucherForm, ctx: BuildContext): Voucher {
  const tourism = ctx.existing ? ctx.existing.is_tourism : ctx.tourism === true;
  if (tourism) return buildEmployeeVoucher(form, ctx);
  const prices = priceFieldsOf(form);
  return voucherSchema.parse({
    id: ctx.id,
    title: form.title,
    description: form.description,
    long_description: form.long_description,
    note: form.note?.trim() || null,
    type: form.type,
    ...prices,
    voucher_category_id: ctx.category.id,
    category: ctx.category,
    subcategory_id: ctx.subcategoryId,
    target: form.target,
    season: form.season,
    region_id: ctx.regionId,
    seller_id: ctx.seller.id,
    seller: ctx.seller,
    is_active: ctx.existing?.is_active ?? true,
    is_featured: ctx.existing?.is_featured ?? false,
    is_tourism: false,
    employee_value: null,
    display: form.display,
    ...validityFieldsOf(form),
    expiry_date: form.expiry_date,
    validity_reason: form.validity_reason?.trim() || null,
    isReserve: form.isReserve,
    price_hidden: form.price_hidden,
    tax: taxEntriesOf(form.tax, prices.price_filter),
    ...ctx.images,
    styling: {
      background_color: form.background_color,
      background_description_color: form.background_description_color,
      header_and_footer_background_color: form.header_and_footer_background_color,
      header_and_footer_color: form.header_and_footer_color,
      description_color: form.description_color,
      text_color: form.text_color,
    },
    sold_count: ctx.existing?.sold_count ?? 0,
    created_at: ctx.existing?.created_at ?? ctx.now,
  } satisfies Voucher);
}

function buildEmployeeVoucher(form: VoucherForm, ctx: BuildContext): Voucher {
  return voucherSchema.parse({
    id: ctx.id,
    title: form.title,
    description: form.description,
    long_description: form.long_description,
    note: form.note?.trim() || null,
    type: 'value',
    ...priceFieldsOf({ ...form, is_tourism: true }),
    voucher_category_id: ctx.category.id,
    category: ctx.category,
    subcategory_id: ctx.subcategoryId,
    target: form.target,
    season: form.season,
    region_id: ctx.regionId,
    seller_id: ctx.seller.id,
    seller: ctx.seller,
    is_active: ctx.existing?.is_active ?? true,
    is_featured: false,
    is_tourism: true,
    employee_value: form.employee_value?.trim() ?? '',
    display: form.display,
    ...validityFieldsOf(form),
    expiry_date: EMPLOYEE_VOUCHER_VALIDITY_YEARS,
    validity_reason: form.validity_reason?.trim() || null,
    isReserve: form.isReserve,
    price_hidden: false,
    tax: 'unsure',
    ...ctx.images,
    background_image: null,
    styling: { ...DEFAULT_STYLING },
    sold_count: ctx.existing?.sold_count ?? 0,
    created_at: ctx.existing?.created_at ?? ctx.now,
  } satisfies Voucher);
}
