import { percentOf, type Cents } from '../money/money.ts';

/**
 * THE payout ledger (issue 12; 03 §9, 02 §2): one pure function turns the sums of a seller's period
 * into the figures of a seller invoice (Gutschrift) and its payout. The payout run feeds it the sums
 * of the order lines it invoices; the seller dashboard feeds it the not-yet-invoiced part of the
 * running stats (`SELLER#<id>#STATS/TOTAL` less the `PAYOUT_STATE` counters), so "waiting payout"
 * on the dashboard is exactly what the next run pays (tested equal).
 *
 * Who bears what (docs/decisions/payouts.md): the seller bears the platform commission as frozen on
 * each order, 20 % VAT on that commission (charged on the invoice's commission sum, rounded once),
 * and the payment provider's processing fee as frozen on each order (`seller_net` already excludes
 * both commission and fee). A reversal takes the seller's share of the refund back: a line reversed
 * before it was invoiced is invoiced with that share deducted; a reversal after invoicing becomes an
 * open adjustment that the next invoice deducts. A negative balance is carried into the next period.
 */

/** VAT on the platform's commission (Austria, 20 %). */
export const COMMISSION_VAT_PERCENT = 20;

/** One completed order line as the ledger sees it (all cents, as frozen on the order at completion). */
export type LedgerLine = {
  /** What the buyer paid for the line (total_amount less its coupon discount). */
  gross: Cents;
  commission: Cents;
  processing_fee: Cents;
  /** gross − commission − processing_fee as frozen at the sale. */
  seller_net: Cents;
  /** The seller's share of a refund that happened before the line was invoiced (0 if none). */
  reversed_share: Cents;
};

/** The sums one period is invoiced from. */
export type PeriodSums = {
  line_count: number;
  gross: Cents;
  commission: Cents;
  processing_fees: Cents;
  /** Σ seller_net of the lines. */
  seller_net: Cents;
  /** Σ reversed_share of the lines (reversals before invoicing), ≥ 0. */
  reversals: Cents;
  /** Σ of open adjustments (reversals after an earlier invoice), as a positive deduction. */
  adjustments: Cents;
  /** The negative balance carried from the previous invoice (≤ 0). */
  carried_in: Cents;
};

export type PayoutFigures = PeriodSums & {
  commission_vat: Cents;
  /** seller_net − reversals − adjustments − commission_vat + carried_in. */
  balance: Cents;
  /** What is transferred: max(0, balance). */
  payout: Cents;
  /** What the next period starts with: min(0, balance). */
  carry_out: Cents;
};

export const EMPTY_SUMS: PeriodSums = {
  line_count: 0,
  gross: 0,
  commission: 0,
  processing_fees: 0,
  seller_net: 0,
  reversals: 0,
  adjustments: 0,
  carried_in: 0,
};

/** Sums order lines (and optional open adjustments and carry) into the sums of a period. */
export function sumPeriod(
  lines: readonly LedgerLine[],
  adjustments: readonly Cents[] = [],
  carriedIn: Cents = 0,
): PeriodSums {
  const sums: PeriodSums = { ...EMPTY_SUMS, carried_in: Math.min(0, carriedIn) };
  for (const line of lines) {
    sums.line_count += 1;
    sums.gross += line.gross;
    sums.commission += line.commission;
    sums.processing_fees += line.processing_fee;
    sums.seller_net += line.seller_net;
    sums.reversals += Math.max(0, line.reversed_share);
  }
  for (const amount of adjustments) sums.adjustments += Math.abs(amount);
  return sums;
}

/** The invoice figures of a period: commission VAT on the commission sum, balance, payout, carry. */
export function payoutLedger(sums: PeriodSums): PayoutFigures {
  const commission_vat = percentOf(sums.commission, COMMISSION_VAT_PERCENT);
  const balance = sums.seller_net - sums.reversals - sums.adjustments - commission_vat + sums.carried_in;
  return { ...sums, commission_vat, balance, payout: Math.max(0, balance), carry_out: Math.min(0, balance) };
}

/**
 * The seller's share of a refund (issue 11 reversal, the same rounding everywhere): seller_net × refund
 * / paid, rounded down, never more than seller_net.
 */
export function reversedSellerShare(order: { seller_net: Cents; paid: Cents; refund: Cents }): Cents {
  if (order.paid <= 0 || order.refund <= 0) return 0;
  return Math.min(order.seller_net, Math.floor((order.seller_net * order.refund) / order.paid));
}

/**
 * What the payout run has invoiced and paid so far, per seller (`SELLER#<id>#PAYOUTS/STATE`, written
 * only by the run and by marking a payment complete). Absent item = all 0 / null.
 */
export type PayoutState = {
  /** Σ invoiced seller_net of lines. */
  invoiced_seller_net: Cents;
  /** Σ invoiced reversals (lines reversed before invoicing + settled adjustments). */
  invoiced_reversals: Cents;
  invoiced_commission: Cents;
  invoiced_commission_vat: Cents;
  /** Σ payout of all invoices (transferred or not yet). */
  invoiced_payout: Cents;
  /** Σ payout actually paid (Stripe transfer done or marked complete). */
  paid_out: Cents;
  /** The negative balance carried into the next invoice (≤ 0). */
  carry_forward: Cents;
  /** End of the last invoiced period (ISO; the next period starts after it). */
  last_period_end: string | null;
  /** When the last invoice was issued (the schedule's anchor). */
  last_payout_at: string | null;
};

export const EMPTY_PAYOUT_STATE: PayoutState = {
  invoiced_seller_net: 0,
  invoiced_reversals: 0,
  invoiced_commission: 0,
  invoiced_commission_vat: 0,
  invoiced_payout: 0,
  paid_out: 0,
  carry_forward: 0,
  last_period_end: null,
  last_payout_at: null,
};

/** Running totals of the sales stats the dashboard reads (`SELLER#<id>#STATS/TOTAL`). */
export type SalesTotals = { commission: Cents; seller_net: Cents; reversed_seller_net: Cents };

/**
 * The dashboard's view of the ledger: the not-yet-invoiced sums are the running totals less what
 * the invoices took, and they go through the same `payoutLedger` the run uses. Open adjustments are
 * part of `reversed_seller_net` not yet invoiced, so they need no separate read.
 */
export function uninvoicedFigures(totals: SalesTotals, state: PayoutState): PayoutFigures {
  return payoutLedger({
    ...EMPTY_SUMS,
    commission: totals.commission - state.invoiced_commission,
    seller_net: totals.seller_net - state.invoiced_seller_net,
    reversals: totals.reversed_seller_net - state.invoiced_reversals,
    carried_in: state.carry_forward,
  });
}

/** The dashboard's payout figures (02 §3 payload `payout`). */
export function dashboardPayout(
  totals: SalesTotals,
  state: PayoutState,
): { total_seller_earnings: Cents; waiting_for_payout: Cents; paid_out: Cents } {
  const next = uninvoicedFigures(totals, state);
  const invoicedUnpaid = Math.max(0, state.invoiced_payout - state.paid_out);
  return {
    /** Everything the seller has earned net: paid + invoiced-not-paid + the next payout. */
    total_seller_earnings: state.paid_out + invoicedUnpaid + next.payout,
    waiting_for_payout: invoicedUnpaid + next.payout,
    paid_out: state.paid_out,
  };
}

const DAY_MS = 86_400_000;

/**
 * The schedule (03 §9 "Payout schedule is a number of days"): a seller is due when `every` whole days
 * have passed since the anchor (the last payout, else the registration). Days until the next payout
 * are 0 when due (the daily run pays today), else every − elapsed.
 */
export function payoutSchedule(
  anchor: string | null | undefined,
  every: number,
  now: Date,
): { due: boolean; days_until_next_payout: number } {
  const days = Math.max(1, Math.floor(every));
  const start = anchor ? Date.parse(anchor) : NaN;
  if (Number.isNaN(start)) return { due: true, days_until_next_payout: 0 };
  const elapsed = Math.floor((now.getTime() - start) / DAY_MS);
  if (elapsed >= days) return { due: true, days_until_next_payout: 0 };
  return { due: false, days_until_next_payout: days - Math.max(0, elapsed) };
}
