import * as z from 'zod/mini';
import { channelSchema } from '../orders/contracts.ts';
import { dashboardPayout, payoutSchedule, type PayoutState } from '../payouts/ledger.ts';
import { booleanish, intParam } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';

/**
 * Seller dashboard, orders and earnings, invoice exports (02 §2, §3 "Statistics payload", §7). Money
 * in integer cents. The numbers come from the running `SELLER#<id>#STATS` items (DAY/WEEK/MONTH/TOTAL,
 * ADDed by every sale and redemption) read in one BatchGet — never from aggregating orders per view.
 */

export const SELLER_TEXT = {
  title: 'Dashboard',
  ordersTitle: 'Bestellungen',
  reversed: 'storniert',
  reversedOrder: 'Bestellung storniert',
  payoutBannerTitle: 'Auszahlungen sind noch nicht freigeschaltet',
  welcomeTitle: 'Willkommen im Team-Karten-Portal!',
  invoicesTitle: 'Rechnungen herunterladen',
  invoicesPdf: 'Rechnungen (PDF, ZIP)',
  invoicesCsv: 'Bestellungen (CSV)',
  /** An end before the start, on the end-date field (03 §5). */
  rangeOrder: MSG.invalidDate,
  rangeTooLong: 'Der Zeitraum darf höchstens 366 Tage umfassen.',
  noInvoices: 'Im gewählten Zeitraum gibt es keine Rechnungen.',
} as const;

/** Page size of the seller's order list and the dashboard orders (02 §9). */
export const SELLER_ORDERS_PAGE_SIZE = 9;
/** Longest export range, so one export stays one bounded query and one answer. */
export const MAX_EXPORT_DAYS = 366;

/** The counters of one stats item (absent item = all 0). */
export type StatsCounters = {
  /** Completed order lines (the seller's order list pages by it). */
  sold_count: number;
  /** Vouchers sold: the units (`total_qty`) of those lines, the sum of the CSV's 'Menge'. */
  sold_qty: number;
  gross: number;
  commission: number;
  processing_fee: number;
  seller_net: number;
  redemption_count: number;
  redeemed_value: number;
  employee_redemption_count: number;
  reversed_count: number;
  reversed_gross: number;
  /** The seller's share of reversed orders (written by the reversal, admin issue). */
  reversed_seller_net: number;
  /** TOTAL only: what has been paid out so far, and when last. */
  paid_out: number;
  last_payout_at: string | null;
};

export const EMPTY_COUNTERS: StatsCounters = {
  sold_count: 0,
  sold_qty: 0,
  gross: 0,
  commission: 0,
  processing_fee: 0,
  seller_net: 0,
  redemption_count: 0,
  redeemed_value: 0,
  employee_redemption_count: 0,
  reversed_count: 0,
  reversed_gross: 0,
  reversed_seller_net: 0,
  paid_out: 0,
  last_payout_at: null,
};

/** A stored stats item (or undefined) as counters: numbers default to 0, nothing else leaks. */
export function toCounters(item: Record<string, unknown> | undefined): StatsCounters {
  const out: StatsCounters = { ...EMPTY_COUNTERS };
  if (!item) return out;
  for (const key of Object.keys(EMPTY_COUNTERS) as (keyof StatsCounters)[]) {
    const value = item[key];
    if (key === 'last_payout_at') out.last_payout_at = typeof value === 'string' ? value : null;
    else if (typeof value === 'number') out[key] = value;
  }
  return out;
}

/**
 * 02 §3 "Statistics payload" (names as in the spec). Earnings are the seller's share (seller_net).
 * `voucher_*` ('Verkaufte Gutscheine') count vouchers sold in units (`sold_qty`), the same definition
 * as the order CSV's 'Menge' column summed over the period, not order lines.
 */
export const sellerStatisticsSchema = z.object({
  voucher_daily: z.number().check(z.int()),
  voucher_week: z.number().check(z.int()),
  voucher_month: z.number().check(z.int()),
  voucher_total: z.number().check(z.int()),
  weekly_voucher_sold: z.number().check(z.int()),
  seller_daily_earnings: z.number().check(z.int()),
  seller_weekly_earnings: z.number().check(z.int()),
  seller_monthly_earnings: z.number().check(z.int()),
  weekly_earnings: z.number().check(z.int()),
  total_earnings: z.number().check(z.int()),
  daily_redemptions: z.number().check(z.int()),
  weekly_redemptions: z.number().check(z.int()),
  monthly_redemptions: z.number().check(z.int()),
  total_redemptions: z.number().check(z.int()),
  employee_redemptions: z.number().check(z.int()),
  payout: z.object({
    /** Gross sales (what buyers paid). */
    total_earnings_with_commission: z.number().check(z.int()),
    /** The "total payout": paid out + invoiced not yet paid + what the next run pays (payout ledger). */
    total_seller_earnings: z.number().check(z.int()),
    /** Invoiced not yet paid + what the next run pays (the payout ledger; equal to the run, tested). */
    waiting_for_payout: z.number().check(z.int()),
    /** 0 = due: the next daily run pays. */
    days_until_next_payout: z.number().check(z.int()),
    payout_every: z.number().check(z.int()),
  }),
  isPayoutEnabled: z.boolean(),
});
export type SellerStatistics = z.infer<typeof sellerStatisticsSchema>;

const DAY_MS = 86_400_000;

/**
 * The statistics payload from the four stats items of "now", the payout state (`SELLER#<id>#PAYOUTS/
 * STATE`, read in the same BatchGet), the effective payout schedule and the payout status. The payout
 * figures are the payout ledger's (`dashboardPayout`, shared/src/payouts/ledger.ts): "waiting payout"
 * is what the invoices not paid yet plus the next run pay, the same function the run uses (issue 12).
 */
export function sellerStatistics(
  items: { day: StatsCounters; week: StatsCounters; month: StatsCounters; total: StatsCounters },
  payout: { payoutEvery: number; isPayoutEnabled: boolean; registeredAt: string | null; state: PayoutState },
  now: Date,
): SellerStatistics {
  const { day, week, month, total } = items;
  const earned = total.seller_net - total.reversed_seller_net;
  const figures = dashboardPayout(
    { commission: total.commission, seller_net: total.seller_net, reversed_seller_net: total.reversed_seller_net },
    payout.state,
  );
  const schedule = payoutSchedule(payout.state.last_payout_at ?? payout.registeredAt, payout.payoutEvery, now);
  return {
    voucher_daily: day.sold_qty,
    voucher_week: week.sold_qty,
    voucher_month: month.sold_qty,
    voucher_total: total.sold_qty,
    weekly_voucher_sold: week.sold_qty,
    seller_daily_earnings: day.seller_net,
    seller_weekly_earnings: week.seller_net,
    seller_monthly_earnings: month.seller_net,
    weekly_earnings: week.seller_net,
    total_earnings: earned,
    daily_redemptions: day.redemption_count,
    weekly_redemptions: week.redemption_count,
    monthly_redemptions: month.redemption_count,
    total_redemptions: total.redemption_count,
    employee_redemptions: total.employee_redemption_count,
    payout: {
      total_earnings_with_commission: total.gross - total.reversed_gross,
      total_seller_earnings: figures.total_seller_earnings,
      waiting_for_payout: figures.waiting_for_payout,
      days_until_next_payout: schedule.days_until_next_payout,
      payout_every: payout.payoutEvery,
    },
    isPayoutEnabled: payout.isPayoutEnabled,
  };
}

/** One redemption of an order (`withRedemptions`). */
export const orderRedemptionSchema = z.object({
  id: z.string(),
  redemption_no: z.nullable(z.string()),
  value: z.number().check(z.int()),
  scanned_by: z.nullable(z.string()),
  is_revoked: z.boolean(),
  created_at: z.string(),
});
export type OrderRedemption = z.infer<typeof orderRedemptionSchema>;

/** One completed order line as the seller sees it (02 §3 "Order / wallet entry", 03 §3 "Order"). */
export const sellerOrderSchema = z.object({
  id: z.string(),
  order_no: z.nullable(z.string()),
  invoice_no: z.nullable(z.string()),
  created_at: z.string(),
  voucher_id: z.string(),
  voucher: z.object({ title: z.string(), type: z.string() }),
  buyer: z.string(),
  channel: channelSchema,
  qty: z.number().check(z.int()),
  value: z.nullable(z.number().check(z.int())),
  total_qty: z.number().check(z.int()),
  total_value: z.number().check(z.int()),
  total_amount: z.number().check(z.int()),
  discount: z.number().check(z.int()),
  commission: z.number().check(z.int()),
  processing_fee: z.number().check(z.int()),
  seller_net: z.number().check(z.int()),
  p_type: z.nullable(z.string()),
  is_gift: z.boolean(),
  reversed: z.boolean(),
  user_voucher_ids: z.array(z.string()),
  redemptions: z.optional(z.array(orderRedemptionSchema)),
});
export type SellerOrder = z.infer<typeof sellerOrderSchema>;

/** GET order as a seller (or an admin with seller_id): cursor paging over `SELLER#<id>#ORDERS`. */
export const sellerOrdersQuerySchema = z.object({
  page: z._default(intParam(1, 100000), 1),
  paginate: z._default(intParam(1, 100), SELLER_ORDERS_PAGE_SIZE),
  /** Opaque position after the previous page (next_cursor of the last answer). */
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  seller_id: z.optional(z.string().check(z.maxLength(64))),
  status: z.optional(z.enum(['completed'])),
  with_stat: z.optional(booleanish()),
  withRedemptions: z.optional(booleanish()),
});
export type SellerOrdersQuery = z.infer<typeof sellerOrdersQuerySchema>;

export const sellerOrdersResponseSchema = z.object({
  data: z.array(sellerOrderSchema),
  current_page: z.number().check(z.int()),
  per_page: z.number().check(z.int()),
  /** All completed orders of the seller (TOTAL.sold_count). */
  total: z.number().check(z.int()),
  last_page: z.number().check(z.int()),
  next_cursor: z.nullable(z.string()),
  next_page_url: z.nullable(z.string()),
  stats: z.optional(sellerStatisticsSchema),
});
export type SellerOrdersResponse = z.infer<typeof sellerOrdersResponseSchema>;

const ymd = () =>
  z.string({ error: MSG.required }).check(
    z.trim(),
    z.minLength(1, { error: MSG.required }),
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.invalidDate }),
    z.refine((text) => isCalendarDate(text), { error: MSG.invalidDate }),
  );

export function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * POST seller-invoice/download-buyer-pdf-invoices and download-order-csv: from/to are Vienna calendar
 * days (YYYY-MM-DD, both included); `seller_id` only for admins (a seller always gets their own).
 */
export const invoiceExportRequestSchema = z
  .object({
    from: ymd(),
    to: ymd(),
    zip: z.optional(booleanish()),
    seller_id: z.nullable(z.optional(z.string().check(z.maxLength(64)))),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (!isCalendarDate(input.from) || !isCalendarDate(input.to)) return;
      if (input.from > input.to) ctx.addIssue({ code: 'custom', path: ['to'], message: SELLER_TEXT.rangeOrder });
      else if (
        (Date.parse(`${input.to}T00:00:00Z`) - Date.parse(`${input.from}T00:00:00Z`)) / DAY_MS + 1 >
        MAX_EXPORT_DAYS
      )
        ctx.addIssue({ code: 'custom', path: ['to'], message: SELLER_TEXT.rangeTooLong });
    }),
  );
export type InvoiceExportRequest = z.input<typeof invoiceExportRequestSchema>;

/** File names with the dates (02 §7): `Rechnungen_<from>_<to>.zip`, `Bestellungen_<from>_<to>.csv`. */
export const exportFileName = {
  zip: (from: string, to: string) => `Rechnungen_${from}_${to}.zip`,
  csv: (from: string, to: string) => `Bestellungen_${from}_${to}.csv`,
};

/** The columns of the order CSV (German headers; money as 12,34; dates DD-MM-YYYY). */
export const ORDER_CSV_HEADER = [
  'Bestellnummer',
  'Rechnungsnummer',
  'Datum',
  'Gutschein',
  'Typ',
  'Kanal',
  'Käufer',
  'Menge',
  'Betrag',
  'Rabatt',
  'Provision',
  'Zahlungsgebühr',
  'Auszahlungsbetrag',
  'Status',
] as const;
