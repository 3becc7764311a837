import { describe, expect, it } from 'vitest';
import { viennaDayRange } from '../dates/vienna-range.ts';
import {
  outstandingFigures,
  type OutstandingRedemptionInput,
  type OutstandingVoucherInput,
} from './outstanding-vouchers.ts';

const end = (day: string) => viennaDayRange(day, day).end;
const expiredFrom = (validUntil: string) => {
  const [y, m, d] = validUntil.split('-').map(Number) as [number, number, number];
  return viennaDayRange(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10), '2100-01-01').start;
};
const v = (id: string, over: Partial<OutstandingVoucherInput>): OutstandingVoucherInput => ({
  id,
  seller_id: 's1',
  created_at: '2026-01-10T10:00:00.000Z',
  valid_until: '2026-12-31',
  remaining_value: 0,
  reversed_at: null,
  ...over,
});
const r = (uv: string, value: number, at: string, revokedAt: string | null = null): OutstandingRedemptionInput => ({
  user_voucher_id: uv,
  redeemed_value: value,
  created_at: at,
  is_revoked: revokedAt !== null,
  revoked_at: revokedAt,
});

describe('outstanding vouchers at a day', () => {
  // A: 100 € partly redeemed (30 € in Feb, 20 € in April). B: 50 €, reversed in March.
  // C: 40 €, expired end of February with 40 € left, redeemed 10 € in March (staff confirmed).
  // D: 25 €, a redemption in Feb revoked in May. E: issued in June.
  const vouchers = [
    v('A', { remaining_value: 5_000 }),
    v('B', { remaining_value: 5_000, reversed_at: '2026-03-05T10:00:00.000Z' }),
    v('C', { remaining_value: 3_000, valid_until: '2026-02-28' }),
    v('D', { remaining_value: 2_500 }),
    v('E', { remaining_value: 1_000, created_at: '2026-06-01T10:00:00.000Z' }),
  ];
  const redemptions = [
    r('A', 3_000, '2026-02-01T10:00:00.000Z'),
    r('A', 2_000, '2026-04-01T10:00:00.000Z'),
    r('C', 1_000, '2026-03-02T10:00:00.000Z'),
    r('D', 500, '2026-02-02T10:00:00.000Z', '2026-05-01T10:00:00.000Z'),
  ];

  it('splits each voucher into redeemed, reversed, expired and outstanding', () => {
    expect(outstandingFigures(vouchers, redemptions, end('2026-02-15'), expiredFrom)).toEqual({
      vouchers: 4,
      sold: 10_000 + 5_000 + 4_000 + 2_500,
      redeemed: 3_000 + 500,
      reversed: 0,
      expired: 0,
      outstanding: 7_000 + 5_000 + 4_000 + 2_000,
      open_vouchers: 4,
    });
    expect(outstandingFigures(vouchers, redemptions, end('2026-03-31'), expiredFrom)).toEqual({
      vouchers: 4,
      sold: 21_500,
      redeemed: 3_000 + 1_000 + 500,
      reversed: 5_000,
      expired: 3_000,
      outstanding: 7_000 + 2_000,
      open_vouchers: 2,
    });
    const june = outstandingFigures(vouchers, redemptions, end('2026-06-30'), expiredFrom);
    expect(june).toMatchObject({ vouchers: 5, sold: 22_500, redeemed: 6_000, outstanding: 5_000 + 2_500 + 1_000 });
    expect(june.sold - june.redeemed - june.reversed - june.expired).toBe(june.outstanding);
  });

  it('the last valid day still counts as outstanding (Vienna days)', () => {
    expect(outstandingFigures([vouchers[2]!], [], end('2026-02-28'), expiredFrom).outstanding).toBe(3_000);
    expect(outstandingFigures([vouchers[2]!], [], end('2026-03-01'), expiredFrom).expired).toBe(3_000);
  });
});
