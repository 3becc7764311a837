import { describe, expect, it } from 'vitest';
import { sellerVoucherCardSchema, toVoucherCard, voucherCardSchema, voucherSchema } from './contracts.ts';

/** A stored voucher as the API answers it (every field set, so a dropped or renamed card field shows). */
const voucher = voucherSchema.parse({
  id: 'v1',
  title: 'Kochkurs',
  description: 'Kurz',
  long_description: 'Lang',
  note: null,
  type: 'value',
  qty_val: null,
  qty_min: null,
  qty_max: null,
  val_min: 1000,
  val_max: 50000,
  price_filter: 1000,
  voucher_category_id: 'c1',
  category: { id: 'c1', name: 'Genuss', slug: 'genuss' },
  subcategory_id: null,
  target: 'all',
  season: 'all',
  region_id: 3,
  seller_id: 's1',
  seller: { id: 's1', username: 'genuss', company: null, is_activated: true },
  is_active: true,
  is_featured: false,
  is_tourism: false,
  employee_value: null,
  display: 'all',
  valid_day: ['Mo'],
  months: [1, 12],
  expiry_date: 3,
  validity_reason: null,
  isReserve: false,
  price_hidden: false,
  tax: 'unsure',
  background_image: null,
  image_1: null,
  image_2: null,
  image_3: null,
  styling: {
    background_color: '#fff',
    background_description_color: '#fff',
    header_and_footer_background_color: '#000',
    header_and_footer_color: '#fff',
    description_color: '#000',
    text_color: 'dark',
  },
  sold_count: 4,
  created_at: '2026-11-27T10:00:00.000Z',
});

describe('voucher card contract', () => {
  it('is the voucher’s card subset, field for field (01 §2), in the voucher’s order', () => {
    const cardKeys = Object.keys(voucherCardSchema.shape);
    const voucherKeys = Object.keys(voucherSchema.shape);
    expect(cardKeys).toHaveLength(25);
    expect(voucherKeys.filter((key) => cardKeys.includes(key))).toEqual(cardKeys);
    // The very same field schemas, so a card never checks a field differently from its voucher.
    for (const key of cardKeys)
      expect(voucherCardSchema.shape[key as keyof typeof voucherCardSchema.shape]).toBe(
        voucherSchema.shape[key as keyof typeof voucherSchema.shape],
      );
  });

  it('shapes a voucher into its card, and the seller’s card adds the employee fields', () => {
    const card = toVoucherCard(voucher);
    expect(Object.keys(card)).toEqual(Object.keys(voucherCardSchema.shape));
    expect(card).toMatchObject({ id: 'v1', title: 'Kochkurs', sold_count: 4, seller: { username: 'genuss' } });
    expect(card).not.toHaveProperty('long_description');
    expect(sellerVoucherCardSchema.parse(voucher)).toEqual({ ...card, is_tourism: false, employee_value: null });
  });
});
