import { describe, expect, it } from 'vitest';
import { adminProcessingFee, reversalRefund } from './orders.ts';

const order = (over: Partial<Parameters<typeof adminProcessingFee>[0]> = {}) => ({
  created_at: '2024-01-15T10:00:00.000Z',
  p_type: 'stripe' as const,
  voucher: { type: 'value' },
  total_value: 10000,
  total_amount: 10000,
  ...over,
});

describe('adminProcessingFee (03 §9)', () => {
  it('is not shown for orders created on or before 2023-04-10 (Vienna date)', () => {
    expect(adminProcessingFee(order({ created_at: '2023-04-10T21:59:59.000Z' }))).toBeNull();
    // 22:00 UTC on the 10th is already the 11th in Vienna (summer time).
    expect(adminProcessingFee(order({ created_at: '2023-04-10T22:00:00.000Z' }))).toBe(175);
  });

  it('card 1.5 % + 0,25 €, bank 1.4 % + 0,25 € of total_value (value) or total_amount (quantity)', () => {
    expect(adminProcessingFee(order())).toBe(175);
    expect(adminProcessingFee(order({ p_type: 'bank' }))).toBe(165);
    expect(adminProcessingFee(order({ voucher: { type: 'quantity' }, total_value: 9800, total_amount: 4500 }))).toBe(
      68 + 25,
    );
    expect(adminProcessingFee(order({ voucher: { type: 'value' }, total_value: 5000, total_amount: 4000 }))).toBe(100);
  });

  it('shows the fee frozen on the order when there is one, and none without a provider payment', () => {
    expect(adminProcessingFee(order({ processing_fee: 120 }))).toBe(120);
    expect(adminProcessingFee(order({ p_type: 'none' }))).toBeNull();
    expect(adminProcessingFee(order({ p_type: null }))).toBeNull();
    expect(adminProcessingFee(order({ total_value: 0, total_amount: 0 }))).toBe(0);
  });
});

describe('reversalRefund', () => {
  it('refunds everything paid while nothing was redeemed', () => {
    expect(reversalRefund({ paid: 4500, vouchers: [{ face: 5000, remaining: 5000 }] })).toEqual({
      refund: 4500,
      share: 1,
    });
    expect(reversalRefund({ paid: 4500, vouchers: [] })).toEqual({ refund: 4500, share: 1 });
  });

  it('refunds the paid share of the unredeemed remainder, rounded down', () => {
    expect(reversalRefund({ paid: 4500, vouchers: [{ face: 5000, remaining: 3000 }] }).refund).toBe(2700);
    expect(reversalRefund({ paid: 1000, vouchers: [{ face: 3, remaining: 1 }] }).refund).toBe(333);
    expect(
      reversalRefund({
        paid: 9000,
        vouchers: [
          { face: 1, remaining: 1 },
          { face: 1, remaining: 0 },
        ],
      }).refund,
    ).toBe(4500);
  });

  it('refunds nothing for a fully redeemed voucher or a 0 € order', () => {
    expect(reversalRefund({ paid: 4500, vouchers: [{ face: 5000, remaining: 0 }] })).toEqual({ refund: 0, share: 0 });
    expect(reversalRefund({ paid: 0, vouchers: [{ face: 5000, remaining: 5000 }] })).toEqual({ refund: 0, share: 1 });
  });
});
