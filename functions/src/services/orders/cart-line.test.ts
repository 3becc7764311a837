import { describe, expect, it } from 'vitest';
import { voucherSchema, type Voucher } from '@gm/shared/catalogue/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { ValidationError } from '../../lib/errors.ts';
import { guestCartOwner, priceLine } from './cart-line.ts';

const voucher = (overrides: Partial<Voucher>): Voucher =>
  voucherSchema.parse({
    id: 'v1',
    title: 'T',
    description: 'd',
    long_description: 'l',
    note: null,
    type: 'quantity',
    qty_val: 2000,
    qty_min: null,
    qty_max: null,
    val_min: null,
    val_max: null,
    price_filter: 2000,
    voucher_category_id: 'c',
    category: null,
    subcategory_id: null,
    target: 'x',
    season: 'y',
    region_id: 1,
    seller_id: 's',
    seller: { id: 's', username: 's', company: null },
    is_active: true,
    is_featured: false,
    is_tourism: false,
    display: 'all',
    valid_day: [],
    months: [],
    expiry_date: 4,
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
      header_and_footer_background_color: '#fff',
      header_and_footer_color: '#000',
      description_color: '#fff',
      text_color: 'dark',
    },
    sold_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

const errorsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  return undefined;
};

describe('priceLine', () => {
  it('falls back to 1..100 when a product voucher leaves its limits open', () => {
    expect(priceLine(voucher({}), { qty: 100 }).total_amount).toBe(200000);
    expect(errorsOf(() => priceLine(voucher({}), { qty: 101 }))).toEqual({ qty: [MSG.maxValue(100)] });
  });
  it('accepts a value voucher without val_max above val_min', () => {
    expect(priceLine(voucher({ type: 'value', val_min: 500 }), { value: 100000 }).total_amount).toBe(100000);
  });
  it('refuses buyer-designed vouchers', () => {
    expect(errorsOf(() => priceLine(voucher({ type: 'buyer' }), { qty: 1 }))).toHaveProperty('voucher_id');
  });
});

describe('guestCartOwner', () => {
  it('takes a UUID, lower-cased, and refuses anything else with 422', () => {
    expect(guestCartOwner('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toEqual({
      kind: 'guest',
      cartId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    });
    expect(() => guestCartOwner(undefined)).toThrow(ValidationError);
    expect(() => guestCartOwner('nope')).toThrow(ValidationError);
  });
});
