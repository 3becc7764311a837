import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/contracts.ts';
import {
  applyCoupon,
  commissionOf,
  couponIsUsable,
  feeBase,
  lineTotals,
  processingFee,
  sellerShare,
} from './pricing.ts';

const product = { type: 'quantity' as const, qty_val: 2500, price_filter: 2500 };
const value = { type: 'value' as const, qty_val: null, price_filter: 1000 };

describe('lineTotals', () => {
  it('prices a product voucher as qty × price_filter', () => {
    expect(lineTotals(product, { qty: 3, value: 999 })).toEqual({
      qty: 3,
      value: null,
      total_qty: 3,
      total_value: 7500,
      total_amount: 7500,
    });
  });
  it('prices a value voucher as value × qty, qty defaulting to 1', () => {
    expect(lineTotals(value, { value: 4000 })).toEqual({
      qty: 1,
      value: 4000,
      total_qty: 1,
      total_value: 4000,
      total_amount: 4000,
    });
    expect(lineTotals(value, { value: 4000, qty: 2 }).total_amount).toBe(8000);
  });
  it('refuses a value voucher without value and buyer-designed vouchers', () => {
    expect(() => lineTotals(value, { qty: 1 })).toThrow(RangeError);
    expect(() => lineTotals({ type: 'buyer', qty_val: null, price_filter: 0 }, { qty: 1 })).toThrow(RangeError);
  });
  it('uses total_value for value vouchers and total_amount for product vouchers as fee base', () => {
    expect(feeBase({ voucher: { type: 'value' }, total_value: 5000, total_amount: 4000 })).toBe(5000);
    expect(feeBase({ voucher: { type: 'quantity' }, total_value: 5000, total_amount: 4000 })).toBe(4000);
  });
});

describe('applyCoupon', () => {
  it('takes percent_off off the total, rounded to cents', () => {
    expect(applyCoupon(10000, { percent_off: 10, amount_off: null })).toEqual({ discount: 1000, total: 9000 });
    expect(applyCoupon(999, { percent_off: 15, amount_off: null })).toEqual({ discount: 150, total: 849 });
  });
  it('takes amount_off cents off the total, never below 0', () => {
    expect(applyCoupon(10000, { percent_off: null, amount_off: 500 })).toEqual({ discount: 500, total: 9500 });
    expect(applyCoupon(300, { percent_off: null, amount_off: 500 })).toEqual({ discount: 300, total: 0 });
  });
  it('leaves the total alone without a coupon', () => {
    expect(applyCoupon(1234, null)).toEqual({ discount: 0, total: 1234 });
  });
});

describe('fees', () => {
  it('card 1.5 % + 25 ct, bank 1.4 % + 25 ct', () => {
    expect(processingFee(10000, 'card')).toBe(175);
    expect(processingFee(10000, 'bank')).toBe(165);
    expect(processingFee(0, 'card')).toBe(0);
  });
  it('commission: percentage plus fixed cents, subdomain pair, direct sales free', () => {
    expect(commissionOf(10000, DEFAULT_SETTINGS, 'marketplace')).toBe(500 + 500);
    expect(commissionOf(10000, DEFAULT_SETTINGS, 'subdomain')).toBe(300 + 300);
    expect(commissionOf(10000, DEFAULT_SETTINGS, 'direktverkauf')).toBe(0);
    expect(
      commissionOf(
        3333,
        { ...DEFAULT_SETTINGS, sales_commission_percentage: 2.5, sales_commission_euro: 0 },
        'marketplace',
      ),
    ).toBe(83);
  });
  it('seller share is what is left, never negative', () => {
    expect(sellerShare(10000, 1000, 175)).toBe(8825);
    expect(sellerShare(500, 1000, 32)).toBe(0);
  });
});

describe('couponIsUsable', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');
  it('accepts an active, unexpired coupon with uses left or no limit', () => {
    expect(couponIsUsable({ active: true, expires_at: '2026-12-31T00:00:00.000Z', limit: 3 }, now)).toBe(true);
    expect(couponIsUsable({ active: true, expires_at: null }, now)).toBe(true);
  });
  it('rejects inactive, expired and used-up coupons', () => {
    expect(couponIsUsable({ active: false, expires_at: null }, now)).toBe(false);
    expect(couponIsUsable({ active: true, expires_at: '2026-11-25T11:59:59.999Z' }, now)).toBe(false);
    expect(couponIsUsable({ active: true, expires_at: null, limit: 0 }, now)).toBe(false);
  });
});
