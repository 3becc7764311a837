import { describe, expect, it } from 'vitest';
import type { Category } from '@gm/shared/catalogue/contracts';
import { DEFAULT_STYLING, voucherFormSchema } from '@gm/shared/catalogue/voucher-form';
import { MAX_EXTRA_IMAGES_BYTES } from '@gm/shared/uploads/contracts';
import { ValidationError } from '../../lib/errors.ts';
import {
  buildVoucher,
  extraImageBytes,
  imageTargetKey,
  planImages,
  resolveCategory,
  taxEntriesOf,
} from './voucher-builder.ts';

const tree: Category[] = [
  {
    id: 'c-spa',
    name: 'Wellness',
    slug: 'wellness',
    icon: null,
    logo: null,
    subcategories: [{ id: 's-massage', name: 'Massage', category_id: 'c-spa' }],
  },
  {
    id: 'c-food',
    name: 'Genuss',
    slug: 'genuss',
    icon: null,
    logo: null,
    subcategories: [{ id: 's-wine', name: 'Wein', category_id: 'c-food' }],
  },
  { id: 'c-flat', name: 'Kurse', slug: 'kurse', icon: null, logo: null, subcategories: [] },
];

const fieldErrors = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  return {};
};

const baseForm = {
  title: 'Wellness-Tag',
  description: 'Ein Tag Entspannung',
  long_description: 'Sauna, Pool und Massage.',
  type: 'quantity',
  qty_val: 4900,
  min: 1,
  max: 10,
  voucher_category_id: 'c-spa',
  subcategory_id: 's-massage',
  target: 'Paare',
  season: 'Immer',
  tax: [{ tax: 20 }],
  validity_reason: 'Preise sind saisonal kalkuliert',
};
const form = (overrides: Record<string, unknown> = {}, isUpdate = false) =>
  voucherFormSchema({ minimumCents: 500, isUpdate }).parse({ ...baseForm, ...overrides });

describe('resolveCategory', () => {
  it('accepts an existing category with one of its own sub-categories', () => {
    expect(resolveCategory(tree, 'c-spa', 's-massage')).toEqual({
      category: { id: 'c-spa', name: 'Wellness', slug: 'wellness' },
      subcategoryId: 's-massage',
    });
    expect(resolveCategory(tree, 'c-flat', null)).toEqual({
      category: { id: 'c-flat', name: 'Kurse', slug: 'kurse' },
      subcategoryId: null,
    });
  });

  it('refuses an unknown category, a missing or foreign sub-category, and a sub-category where none exist', () => {
    expect(fieldErrors(() => resolveCategory(tree, 'c-none', null))).toEqual({
      voucher_category_id: ['Dieses Feld muss ausgefüllt werden'],
    });
    expect(fieldErrors(() => resolveCategory(tree, 'c-spa', null))).toEqual({
      subcategory_id: ['Dieses Feld muss ausgefüllt werden'],
    });
    expect(fieldErrors(() => resolveCategory(tree, 'c-spa', '  '))).toEqual({
      subcategory_id: ['Dieses Feld muss ausgefüllt werden'],
    });
    expect(fieldErrors(() => resolveCategory(tree, 'c-spa', 's-wine'))).toEqual({
      subcategory_id: ['Dieses Feld muss ausgefüllt werden'],
    });
    expect(fieldErrors(() => resolveCategory(tree, 'c-flat', 's-wine'))).toEqual({
      subcategory_id: ['Dieses Feld muss ausgefüllt werden'],
    });
  });
});

describe('taxEntriesOf', () => {
  it('labels each rate and lets a single rate without an amount cover the whole price', () => {
    expect(taxEntriesOf([{ tax: 20 }], 4900)).toEqual([{ tax: 20, label: '20 %', value: 4900 }]);
    expect(taxEntriesOf([{ tax: 13, value: 1000 }], 4900)).toEqual([{ tax: 13, label: '13 %', value: 1000 }]);
    expect(
      taxEntriesOf(
        [
          { tax: 20, value: 3000 },
          { tax: 10, value: 1900 },
        ],
        4900,
      ),
    ).toEqual([
      { tax: 20, label: '20 %', value: 3000 },
      { tax: 10, label: '10 %', value: 1900 },
    ]);
    expect(taxEntriesOf('unsure', 4900)).toBe('unsure');
  });
});

describe('planImages and extraImageBytes', () => {
  const existing = {
    background_image: '/media/vouchers/v/background-a.jpg',
    image_1: '/media/vouchers/v/image-1-a.jpg',
    image_2: '/media/vouchers/v/image-2-a.jpg',
    image_3: null,
  };

  it('replaces with new uploads, clears what is removed and keeps the rest', () => {
    const plan = planImages(form({ image_1_upload_id: 'upload-0001', remove_images: ['image_2'] }), existing);
    expect(plan.uploads).toEqual({ image_1: 'upload-0001' });
    expect(plan.keep).toEqual({
      background_image: existing.background_image,
      image_1: null,
      image_2: null,
      image_3: null,
    });
    const cleared = planImages(form({ remove_bg: true }), existing);
    expect(cleared.keep.background_image).toBeNull();
    expect(cleared.keep.image_1).toBe(existing.image_1);
    expect(planImages(form({ background_upload_id: 'upload-0002', remove_bg: true }), existing).uploads).toEqual({
      background_image: 'upload-0002',
    });
  });

  it('sums new and kept extra images and refuses more than 2 MB together on the new uploads', () => {
    const plan = planImages(form({ image_3_upload_id: 'upload-0003' }), existing);
    expect(extraImageBytes(plan, { image_3: 1000 }, { image_1: 500_000, image_2: 400_000 })).toEqual({
      image_1: 500_000,
      image_2: 400_000,
      image_3: 1000,
    });
    expect(
      fieldErrors(() =>
        extraImageBytes(
          plan,
          { image_3: MAX_EXTRA_IMAGES_BYTES - 900_000 + 1 },
          { image_1: 500_000, image_2: 400_000 },
        ),
      ),
    ).toEqual({
      image_3_upload_id: ['Die zusätzlichen Bilder dürfen zusammen höchstens 2 MB groß sein.'],
    });
    expect(
      extraImageBytes(plan, { image_3: MAX_EXTRA_IMAGES_BYTES - 900_000 }, { image_1: 500_000, image_2: 400_000 })
        .image_3,
    ).toBe(MAX_EXTRA_IMAGES_BYTES - 900_000);
    // A removed image no longer counts.
    const removed = planImages(
      form({ image_3_upload_id: 'upload-0003', remove_images: ['image_1', 'image_2'] }),
      existing,
    );
    expect(
      extraImageBytes(removed, { image_3: MAX_EXTRA_IMAGES_BYTES }, { image_1: 500_000, image_2: 400_000 }),
    ).toEqual({ image_3: MAX_EXTRA_IMAGES_BYTES });
  });

  it('names media keys per slot and upload', () => {
    expect(imageTargetKey('v1', 'background_image', 'abc12345')).toBe('vouchers/v1/background-abc12345');
    expect(imageTargetKey('v1', 'image_2', 'abc12345')).toBe('vouchers/v1/image-2-abc12345');
  });
});

describe('buildVoucher', () => {
  const ctx = {
    id: 'v-new',
    seller: {
      id: 'seller-1',
      username: 'alpenspa',
      company: { name: 'Alpen Spa', logo: null, region: 'Oberland', url: null },
    },
    regionId: 1,
    category: { id: 'c-spa', name: 'Wellness', slug: 'wellness' },
    subcategoryId: 's-massage',
    images: { background_image: null, image_1: null, image_2: null, image_3: null },
    now: '2026-11-25T10:00:00.000Z',
  };

  it('computes prices, validity, tax and styling for a new, active voucher', () => {
    const voucher = buildVoucher(
      form({ limit_validity: true, valid_day: ['Sa', 'So'], months: [7, 6], note: '  ' }),
      ctx,
    );
    expect(voucher).toMatchObject({
      id: 'v-new',
      type: 'quantity',
      qty_val: 4900,
      qty_min: 1,
      qty_max: 10,
      val_min: null,
      price_filter: 4900,
      voucher_category_id: 'c-spa',
      category: { slug: 'wellness' },
      region_id: 1,
      seller_id: 'seller-1',
      is_active: true,
      is_featured: false,
      is_tourism: false,
      display: 'all',
      valid_day: ['Sa', 'So'],
      months: [6, 7],
      expiry_date: 4,
      validity_reason: 'Preise sind saisonal kalkuliert',
      note: null,
      tax: [{ tax: 20, label: '20 %', value: 4900 }],
      styling: { background_description_color: DEFAULT_STYLING.background_description_color, text_color: 'dark' },
      sold_count: 0,
      created_at: ctx.now,
    });
  });

  it('keeps status, feature flag, sales and creation time of the stored voucher on update', () => {
    const existing = {
      is_active: false,
      is_featured: true,
      is_tourism: false,
      sold_count: 7,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const voucher = buildVoucher(
      form({ type: 'value', qty_val: null, min: 2000, max: 20000, display: 'marketplace' }, true),
      { ...ctx, existing },
    );
    expect(voucher).toMatchObject({
      ...existing,
      type: 'value',
      qty_val: null,
      val_min: 2000,
      val_max: 20000,
      price_filter: 2000,
      display: 'marketplace',
    });
  });
});

describe('buildVoucher in tourism mode (issue 13)', () => {
  const ctx = {
    id: 'v-emp',
    seller: { id: 'partner-1', username: 'hütte', company: null },
    regionId: 1,
    category: { id: 'c-spa', name: 'Wellness', slug: 'wellness' },
    subcategoryId: null,
    images: { background_image: '/media/bg.png', image_1: null, image_2: null, image_3: null },
    now: '2026-11-25T10:00:00.000Z',
  };
  const parse = (overrides: Record<string, unknown>) =>
    voucherFormSchema({ minimumCents: 1, isUpdate: false }).parse({
      title: 'Team-Frühstück',
      description: 'Kurz',
      long_description: 'Lang',
      type: 'quantity',
      qty_val: 4900,
      min: 1,
      max: 10,
      voucher_category_id: 'c-spa',
      target: 'Paare',
      season: 'Immer',
      tax: [{ tax: 20 }],
      validity_reason: 'Preise sind saisonal kalkuliert',
      background_color: '#000000',
      ...overrides,
    });

  it('forces type value without price, tax unsure, default styling, no background, 10 years', () => {
    const voucher = buildVoucher(parse({ is_tourism: true, employee_value: ' 1+1 gratis ' }), {
      ...ctx,
      tourism: true,
    });
    expect(voucher).toMatchObject({
      is_tourism: true,
      type: 'value',
      price_filter: 0,
      qty_val: null,
      tax: 'unsure',
      background_image: null,
      expiry_date: 10,
      employee_value: '1+1 gratis',
      styling: DEFAULT_STYLING,
    });
  });

  it('requires employee_value in tourism mode and skips the price rules', () => {
    const schema = voucherFormSchema({ minimumCents: 100_000, isUpdate: false });
    const missing = schema.safeParse({ ...parse({}), is_tourism: true, employee_value: '' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['employee_value']);
  });

  it('a stored employee voucher stays one on update; a normal voucher never becomes one', () => {
    const existing = { is_active: true, is_featured: false, is_tourism: true, sold_count: 0, created_at: ctx.now };
    expect(buildVoucher(parse({ is_tourism: false, employee_value: 'x' }), { ...ctx, existing }).is_tourism).toBe(true);
    const normal = { ...existing, is_tourism: false };
    expect(
      buildVoucher(parse({ is_tourism: true, employee_value: 'x' }), { ...ctx, existing: normal }).is_tourism,
    ).toBe(false);
  });
});
