import { describe, expect, it } from 'vitest';
import {
  EMPTY_PAYOUT_STATE,
  dashboardPayout,
  payoutLedger,
  payoutSchedule,
  reversedSellerShare,
  sumPeriod,
  uninvoicedFigures,
  type LedgerLine,
  type PayoutState,
} from './ledger.ts';

/** Every expected figure below is computed by hand (cents), not by the code under test. */
const line = (gross: number, commission: number, fee: number, reversed = 0): LedgerLine => ({
  gross,
  commission,
  processing_fee: fee,
  seller_net: gross - commission - fee,
  reversed_share: reversed,
});

describe('payoutLedger / sumPeriod', () => {
  it('sums lines, deducts reversals, adjustments, commission VAT and the carry', () => {
    // A: 50,00 € marketplace (5 % + 5,00 € = 7,50 €), card fee 1,00 € → net 41,50 €.
    // B: 20,00 € subdomain (3 % + 3,00 € = 3,60 €), fee 0,55 € → net 15,85 €, half refunded before
    //    invoicing: floor(1585 × 1000 / 2000) = 792.
    // Adjustment: a reversal after the previous invoice took 10,00 €; carried in −3,00 €.
    const sums = sumPeriod([line(5000, 750, 100), line(2000, 360, 55, 792)], [-1000], -300);
    expect(sums).toEqual({
      line_count: 2,
      gross: 7000,
      commission: 1110,
      processing_fees: 155,
      seller_net: 5735,
      reversals: 792,
      adjustments: 1000,
      carried_in: -300,
    });
    // VAT 20 % of 11,10 € = 2,22 €; 5735 − 792 − 1000 − 222 − 300 = 3421.
    expect(payoutLedger(sums)).toMatchObject({ commission_vat: 222, balance: 3421, payout: 3421, carry_out: 0 });
  });

  it('charges the VAT once on the commission sum (rounded once per invoice, not per line)', () => {
    // 3 × 2,52 € = 7,56 €; 20 % = 1,512 € → 1,51 € (per line it would be 3 × 0,50 € = 1,50 €).
    const figures = payoutLedger(sumPeriod([line(3000, 252, 0), line(3000, 252, 0), line(3000, 252, 0)]));
    expect(figures.commission_vat).toBe(151);
    expect(figures.payout).toBe(3 * 2748 - 151);
  });

  it('carries a negative balance into the next period, pays 0 meanwhile', () => {
    // net 9,00 € (10,00 € − 1,00 € commission), adjustment 25,00 €, VAT 0,20 € → −16,20 €.
    const first = payoutLedger(sumPeriod([line(1000, 100, 0)], [-2500], 0));
    expect(first).toMatchObject({ balance: -1620, payout: 0, carry_out: -1620 });
    // Next: net 27,00 € (30,00 € − 3,00 €), VAT 0,60 €, carried −16,20 € → 10,20 €.
    const next = payoutLedger(sumPeriod([line(3000, 300, 0)], [], first.carry_out));
    expect(next).toMatchObject({ carried_in: -1620, commission_vat: 60, balance: 1020, payout: 1020, carry_out: 0 });
  });

  it('ignores a positive carry and counts adjustments by their amount', () => {
    expect(sumPeriod([], [500, -700], 400)).toMatchObject({ adjustments: 1200, carried_in: 0, line_count: 0 });
    // Nothing but the adjustments: −12,00 €.
    expect(payoutLedger(sumPeriod([], [500, -700]))).toMatchObject({ payout: 0, carry_out: -1200 });
  });

  it('a direct sale (commission 0, no fee) pays its whole amount', () => {
    expect(payoutLedger(sumPeriod([line(4500, 0, 0)]))).toMatchObject({ commission_vat: 0, payout: 4500 });
  });
});

describe('reversedSellerShare', () => {
  it('is the seller share of the refund, rounded down, at most seller_net', () => {
    // floor(4150 × 3333 / 5000) = floor(2766.39) = 2766.
    expect(reversedSellerShare({ seller_net: 4150, paid: 5000, refund: 3333 })).toBe(2766);
    expect(reversedSellerShare({ seller_net: 4150, paid: 5000, refund: 5000 })).toBe(4150);
    expect(reversedSellerShare({ seller_net: 4150, paid: 5000, refund: 9000 })).toBe(4150);
    expect(reversedSellerShare({ seller_net: 4150, paid: 0, refund: 100 })).toBe(0);
    expect(reversedSellerShare({ seller_net: 4150, paid: 5000, refund: 0 })).toBe(0);
  });
});

describe('the dashboard view of the same ledger', () => {
  it('waiting_for_payout before a run equals that run’s payout', () => {
    // Totals of all sales so far; nothing invoiced yet.
    const totals = { commission: 1110, seller_net: 5735, reversed_seller_net: 792 };
    const run = payoutLedger(sumPeriod([line(5000, 750, 100), line(2000, 360, 55, 792)]));
    expect(uninvoicedFigures(totals, EMPTY_PAYOUT_STATE).payout).toBe(run.payout);
    // 5735 − 792 − 222 = 4721.
    expect(dashboardPayout(totals, EMPTY_PAYOUT_STATE)).toEqual({
      total_seller_earnings: 4721,
      waiting_for_payout: 4721,
      paid_out: 0,
    });
  });

  it('after an invoice: invoiced-not-paid stays waiting, then paid; the carry lowers the next payout', () => {
    const state: PayoutState = {
      ...EMPTY_PAYOUT_STATE,
      invoiced_seller_net: 5735,
      invoiced_reversals: 792,
      invoiced_commission: 1110,
      invoiced_commission_vat: 222,
      invoiced_payout: 4721,
      paid_out: 0,
    };
    // Later: one more sale (net 41,50 €, commission 7,50 €) and a 10,00 € reversal after invoicing.
    const totals = { commission: 1860, seller_net: 9885, reversed_seller_net: 1792 };
    // Next run: 4150 − 1000 − round(750 × 0,2) = 4150 − 1000 − 150 = 3000.
    expect(uninvoicedFigures(totals, state).payout).toBe(3000);
    expect(dashboardPayout(totals, state)).toEqual({
      total_seller_earnings: 7721,
      waiting_for_payout: 7721,
      paid_out: 0,
    });
    expect(dashboardPayout(totals, { ...state, paid_out: 4721 })).toEqual({
      total_seller_earnings: 7721,
      waiting_for_payout: 3000,
      paid_out: 4721,
    });
    // With −50,00 € carried, the next run pays 0.
    expect(dashboardPayout(totals, { ...state, paid_out: 4721, carry_forward: -5000 }).waiting_for_payout).toBe(0);
  });
});

describe('payoutSchedule', () => {
  const anchor = '2026-01-01T00:00:00.000Z';
  it('is due once `every` whole days passed since the anchor', () => {
    expect(payoutSchedule(anchor, 14, new Date('2026-01-14T23:59:59Z'))).toEqual({
      due: false,
      days_until_next_payout: 1,
    });
    expect(payoutSchedule(anchor, 14, new Date('2026-01-15T00:00:00Z'))).toEqual({
      due: true,
      days_until_next_payout: 0,
    });
    expect(payoutSchedule(anchor, 14, new Date('2026-03-01T00:00:00Z')).due).toBe(true);
    expect(payoutSchedule(anchor, 14, new Date('2026-01-01T12:00:00Z')).days_until_next_payout).toBe(14);
  });

  it('no anchor = due; an anchor in the future = the full schedule; every < 1 counts as 1', () => {
    expect(payoutSchedule(null, 14, new Date(anchor))).toEqual({ due: true, days_until_next_payout: 0 });
    expect(payoutSchedule('2026-02-01T00:00:00Z', 7, new Date(anchor))).toEqual({
      due: false,
      days_until_next_payout: 7,
    });
    expect(payoutSchedule(anchor, 0, new Date('2026-01-02T00:00:00Z')).due).toBe(true);
  });
});
