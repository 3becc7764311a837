import { describe, expect, it } from 'vitest';
import { applyCoupon } from '@gm/shared/orders/pricing';
import { cartItemCount, cartTotal, lineAmount, stepLine, usableCoupon } from './cart-rules.ts';

const product = (qty: number) => lineAmount({ qty, value: null, voucher: { type: 'quantity', val_max: null } });
const value = (cents: number, max: number | null = 50_000) =>
  lineAmount({ qty: 1, value: cents, voucher: { type: 'value', val_max: max } });

describe('cart line steppers', () => {
  it('steps a product voucher by one piece', () => {
    expect(stepLine(product(2), 1)).toEqual({ kind: 'update', amount: 3, patch: { qty: 3 } });
    expect(stepLine(product(2), -1)).toEqual({ kind: 'update', amount: 1, patch: { qty: 1 } });
  });

  it('asks to remove instead of going from 1 to 0', () => {
    expect(stepLine(product(1), -1)).toEqual({ kind: 'confirm-remove' });
    expect(stepLine(value(100), -1)).toEqual({ kind: 'confirm-remove' });
  });

  it('steps a value voucher by 1 € and never below 1 €', () => {
    expect(stepLine(value(5000), 1)).toEqual({ kind: 'update', amount: 5100, patch: { value: 5100 } });
    expect(stepLine(value(150), -1)).toEqual({ kind: 'update', amount: 100, patch: { value: 100 } });
  });

  it('does not step above the voucher maximum', () => {
    expect(stepLine(value(50_000, 50_000), 1)).toEqual({ kind: 'none' });
    expect(stepLine(product(99), 1)).toEqual({ kind: 'none' });
  });
});

describe('cart totals', () => {
  it('adds the server line totals and pieces', () => {
    const lines = [
      { total_amount: 2500, total_qty: 2 },
      { total_amount: 5000, total_qty: 1 },
    ];
    expect(cartTotal(lines)).toBe(7500);
    expect(cartItemCount(lines)).toBe(3);
  });
});

describe('coupon', () => {
  const entry = (
    over: Partial<{
      active: boolean;
      expires_at: string | null;
      limit: number | null;
      percent_off: number | null;
      amount_off: number | null;
    }>,
  ) => ({
    active: over.active ?? true,
    expires_at: over.expires_at ?? null,
    coupon: {
      id: 'WILLKOMMEN10',
      percent_off: 'percent_off' in over ? (over.percent_off ?? null) : 10,
      amount_off: over.amount_off ?? null,
      metadata: { limit: over.limit ?? null },
    },
  });
  const now = new Date('2026-11-25T12:00:00Z');

  it('applies an active coupon: 10 % of 75,00 € is 7,50 €', () => {
    const coupon = usableCoupon([entry({})], now);
    expect(coupon?.id).toBe('WILLKOMMEN10');
    expect(applyCoupon(7500, coupon?.terms)).toEqual({ discount: 750, total: 6750 });
  });

  it('takes amount_off in cents', () => {
    const coupon = usableCoupon([entry({ percent_off: null, amount_off: 500 })], now);
    expect(applyCoupon(7500, coupon?.terms)).toEqual({ discount: 500, total: 7000 });
  });

  it('rejects inactive, expired and used-up coupons and an empty answer', () => {
    expect(usableCoupon([entry({ active: false })], now)).toBeNull();
    expect(usableCoupon([entry({ expires_at: '2026-11-24T00:00:00Z' })], now)).toBeNull();
    expect(usableCoupon([entry({ limit: 0 })], now)).toBeNull();
    expect(usableCoupon([], now)).toBeNull();
    expect(usableCoupon([entry({ expires_at: '2026-12-01T00:00:00Z', limit: 3 })], now)?.id).toBe('WILLKOMMEN10');
  });
});
