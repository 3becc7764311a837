import { describe, expect, it } from 'vitest';
import { EMPTY_PAYOUT_STATE } from '../payouts/ledger.ts';
import { EMPTY_COUNTERS, invoiceExportRequestSchema, sellerStatistics, SELLER_TEXT, toCounters } from './dashboard.ts';

describe('seller statistics', () => {
  it('maps the four stats items to the spec payload; earnings are the seller share', () => {
    const c = (over: Partial<typeof EMPTY_COUNTERS>) => ({ ...EMPTY_COUNTERS, ...over });
    const stats = sellerStatistics(
      {
        // Vouchers sold are units (sold_qty), not order lines (sold_count).
        day: c({ sold_count: 1, sold_qty: 2, seller_net: 800, redemption_count: 2 }),
        week: c({ sold_count: 3, sold_qty: 6, seller_net: 2400, redemption_count: 4 }),
        month: c({ sold_count: 5, sold_qty: 10, seller_net: 4000, redemption_count: 6 }),
        total: c({
          sold_count: 9,
          sold_qty: 18,
          gross: 10000,
          commission: 1000,
          seller_net: 7000,
          reversed_seller_net: 500,
          reversed_gross: 600,
          paid_out: 1000,
          redemption_count: 7,
          employee_redemption_count: 1,
        }),
      },
      {
        payoutEvery: 14,
        isPayoutEnabled: true,
        registeredAt: '2026-11-20T10:00:00Z',
        // One invoice so far: 1000 paid out of 1200 invoiced; 4000 of the net and 300 of the reversals taken.
        state: {
          ...EMPTY_PAYOUT_STATE,
          invoiced_seller_net: 4000,
          invoiced_reversals: 300,
          invoiced_commission: 600,
          invoiced_commission_vat: 120,
          invoiced_payout: 1200,
          paid_out: 1000,
          last_payout_at: '2026-11-20T10:00:00Z',
        },
      },
      new Date('2026-11-26T10:00:00Z'),
    );
    expect(stats).toMatchObject({
      voucher_daily: 2,
      voucher_week: 6,
      voucher_month: 10,
      voucher_total: 18,
      weekly_voucher_sold: 6,
      seller_daily_earnings: 800,
      seller_weekly_earnings: 2400,
      seller_monthly_earnings: 4000,
      total_earnings: 6500,
      daily_redemptions: 2,
      weekly_redemptions: 4,
      monthly_redemptions: 6,
      total_redemptions: 7,
      employee_redemptions: 1,
      payout: {
        total_earnings_with_commission: 9400,
        // Next run: (7000 − 4000) − (500 − 300) − 20 % of (1000 − 600) = 3000 − 200 − 80 = 2720.
        // Waiting: 1200 − 1000 invoiced not paid + 2720 = 2920; total: 1000 paid + 2920.
        total_seller_earnings: 3920,
        waiting_for_payout: 2920,
        days_until_next_payout: 8,
        payout_every: 14,
      },
      isPayoutEnabled: true,
    });
  });

  it('counts payout days with the payout schedule: from the registration before the first payout, 0 when due', () => {
    const c = { ...EMPTY_COUNTERS };
    const items = { day: c, week: c, month: c, total: c };
    const at = (registeredAt: string | null, last: string | null, every: number) =>
      sellerStatistics(
        items,
        {
          payoutEvery: every,
          isPayoutEnabled: false,
          registeredAt,
          state: { ...EMPTY_PAYOUT_STATE, last_payout_at: last },
        },
        new Date('2026-11-26T10:00:00Z'),
      ).payout.days_until_next_payout;
    expect(at('2026-11-20T10:00:00Z', null, 14)).toBe(8);
    expect(at('2026-01-01T00:00:00Z', '2026-11-12T09:00:00Z', 14)).toBe(0);
    expect(at('2026-01-01T00:00:00Z', '2026-11-25T00:00:00Z', 7)).toBe(6);
    expect(at(null, null, 30)).toBe(0);
  });

  it('reads only numbers from stored items', () => {
    expect(toCounters({ PK: 'x', sold_count: 2, gross: '5', last_payout_at: '2026-01-01T00:00:00Z' })).toMatchObject({
      sold_count: 2,
      gross: 0,
      last_payout_at: '2026-01-01T00:00:00Z',
    });
    expect(toCounters(undefined)).toEqual(EMPTY_COUNTERS);
  });
});

describe('invoice export date range', () => {
  it('needs both dates as real calendar days, from ≤ to, at most 366 days', () => {
    expect(invoiceExportRequestSchema.safeParse({ from: '2026-11-01', to: '2026-11-30' }).success).toBe(true);
    const missing = invoiceExportRequestSchema.safeParse({ from: '2026-11-01' });
    expect(missing.success).toBe(false);
    expect(invoiceExportRequestSchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    const reversed = invoiceExportRequestSchema.safeParse({ from: '2026-11-30', to: '2026-11-01' });
    // 03 §5: an end before the start is 'Bitte gib ein gültiges Datum ein' on the end date.
    expect(reversed.error?.issues[0]).toMatchObject({ path: ['to'], message: 'Bitte gib ein gültiges Datum ein' });
    const long = invoiceExportRequestSchema.safeParse({ from: '2025-01-01', to: '2026-01-02' });
    expect(long.error?.issues[0]?.message).toBe(SELLER_TEXT.rangeTooLong);
    expect(invoiceExportRequestSchema.safeParse({ from: '2025-01-01', to: '2026-01-01' }).success).toBe(true);
  });
});
