import { describe, expect, it } from 'vitest';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { testVoucher } from '@gm/shared/catalogue/test-voucher';
import { MSG } from '@gm/shared/validation/messages';
import { ValidationError } from '../../lib/errors.ts';
import { guestCartOwner, priceLine } from './cart-line.ts';

/** A quantity voucher of 20,00 € without per-order limits (the rules under test bring their own). */
const voucher = (overrides: Partial<Voucher>): Voucher =>
  testVoucher('v1', 's', { qty_val: 2000, qty_min: null, qty_max: null, price_filter: 2000, ...overrides });

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
