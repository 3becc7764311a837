import * as z from 'zod/mini';
import { preprocess } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import { isCalendarDate } from '../seller/dashboard.ts';
import type { Cents } from '../money/money.ts';

/**
 * Accounting exports (issue 12 "Accounting export"): the money of the marketplace as bookings
 * (Buchungssätze) for the accountant, written as a DATEV booking batch (EXTF Buchungsstapel,
 * datev-extf.ts) or a BMD (Austria) booking import (bmd-csv.ts), and the outstanding-voucher report
 * (Gutscheinverbindlichkeiten, outstanding-vouchers.ts).
 *
 * ONE config object, `ACCOUNTING_CHARTS`, holds every account number, per chart (SKR03 / SKR04) and
 * per view:
 * - `platform`: the operator's books (admin). Buyers' money is held for the sellers: a sale is a
 *   liability to the seller (Verbindlichkeiten gegenüber Verkäufern), the commission invoice (PR-…)
 *   turns part of it into commission revenue + 20 % VAT + the passed-on payment fee, the payout pays
 *   the rest. Direct sales (the seller's own till, no money through the platform) are not booked.
 * - `seller`: the seller's books. A sale is revenue against a clearing account with the platform
 *   (Verrechnungskonto Gutscheinmarkt; a direct sale: cash), the commission invoice is commission
 *   expense + input VAT + payment fees, the payout is the bank receipt.
 * Both views are the same events (orders, Stornorechnungen, seller invoices) with different account
 * presets, so the clearing account of one equals the liability account of the other, cent for cent.
 *
 * Every booking is "Konto (Soll) an Gegenkonto (Haben)", amount positive. VAT is booked as its own
 * line on a VAT account (no BU-Schlüssel): the platform's VAT is Austrian 20 %, which has no German
 * DATEV tax key, and the seller's tax treatment of vouchers (Einzweck-/Mehrzweckgutschein) is for
 * their accountant to decide (they map the revenue account in their own chart).
 */

export const ACCOUNTING_CHART_IDS = ['SKR03', 'SKR04'] as const;
export type AccountingChart = (typeof ACCOUNTING_CHART_IDS)[number];
export const ACCOUNTING_VIEWS = ['platform', 'seller'] as const;
export type AccountingView = (typeof ACCOUNTING_VIEWS)[number];

export type PlatformAccounts = {
  /** Geldtransit: the platform's Stripe balance (buyers pay in, refunds and Stripe transfers go out). */
  transit: string;
  /** Bank: payouts paid outside Stripe (marked complete by an admin). */
  bank: string;
  /** Verbindlichkeiten gegenüber Verkäufern (sonstige Verbindlichkeiten). */
  sellerLiability: string;
  /** Provisionserlöse (net, VAT booked separately). */
  commissionRevenue: string;
  /** Umsatzsteuer 20 % (AT) on the commission. */
  outputVat: string;
  /** Passed-on payment fees: credited to Nebenkosten des Geldverkehrs (cost refund). */
  feeRefund: string;
  /** The platform's part of a refund (refund − the seller's share): sonstige betriebliche Aufwendungen. */
  reversalExpense: string;
};

export type SellerAccounts = {
  /** Verrechnungskonto Gutscheinmarkt (sonstige Vermögensgegenstände). */
  platformClearing: string;
  /** Kasse: direct sales at the seller's own till. */
  cash: string;
  /** Bank: payouts received. */
  bank: string;
  /** Erlöse (voucher sales, gross; the accountant maps the tax treatment). */
  revenue: string;
  /** Verkaufsprovisionen (commission expense; the platform's share of a refund is credited here). */
  commissionExpense: string;
  /** Abziehbare Vorsteuer (the 20 % VAT on the commission invoice). */
  inputVat: string;
  /** Nebenkosten des Geldverkehrs (payment fees). */
  fees: string;
};

export type ChartConfig = {
  /** Sachkontenrahmen in the DATEV header ("03" / "04"). */
  datevChart: string;
  /** Sachkontenlänge (digits of a G/L account). */
  accountLength: number;
  platform: PlatformAccounts;
  seller: SellerAccounts;
};

/** THE account mapping (docs/data-model.md "Accounting exports"). */
export const ACCOUNTING_CHARTS: Record<AccountingChart, ChartConfig> = {
  SKR03: {
    datevChart: '03',
    accountLength: 4,
    platform: {
      transit: '1360',
      bank: '1200',
      sellerLiability: '1700',
      commissionRevenue: '8510',
      outputVat: '1770',
      feeRefund: '4970',
      reversalExpense: '4900',
    },
    seller: {
      platformClearing: '1500',
      cash: '1000',
      bank: '1200',
      revenue: '8200',
      commissionExpense: '4760',
      inputVat: '1570',
      fees: '4970',
    },
  },
  SKR04: {
    datevChart: '04',
    accountLength: 4,
    platform: {
      transit: '1460',
      bank: '1800',
      sellerLiability: '3500',
      commissionRevenue: '4560',
      outputVat: '3800',
      feeRefund: '6855',
      reversalExpense: '6300',
    },
    seller: {
      platformClearing: '1300',
      cash: '1600',
      bank: '1800',
      revenue: '4200',
      commissionExpense: '6770',
      inputVat: '1400',
      fees: '6855',
    },
  },
};

/** DATEV header defaults when the request names none (the accountant's numbers belong in the request). */
export const DATEV_DEFAULTS = { consultant: 1001, client: 1 } as const;

/* ---------- The events the bookings are made of ---------- */

/** A completed order line (GSI2 `SELLER#<id>#ORDERS` / GSI3 `ORDERS`). */
export type AccountingSale = {
  kind: 'sale';
  seller_id: string;
  seller_name: string;
  order_no: string;
  /** The customer invoice (RE-…), null for a direct sale. */
  invoice_no: string | null;
  completed_at: string;
  /** What the buyer paid: total_amount − discount. */
  paid: Cents;
  /** A direct sale (p_type none): the seller took the money at their till. */
  direct: boolean;
};

/** A Stornorechnung (ST-…, INVOICE# with `cancels`, negative amounts). */
export type AccountingReversal = {
  kind: 'reversal';
  seller_id: string;
  seller_name: string;
  invoice_no: string;
  order_no: string;
  issued_at: string;
  /** The refunded amount (positive: −gross of the ST invoice). */
  refund: Cents;
  /** The seller's share of it (reversedSellerShare of the order). */
  seller_share: Cents;
  direct: boolean;
};

/** An issued seller invoice (Gutschrift PR-…). */
export type AccountingSellerInvoice = {
  kind: 'seller_invoice';
  seller_id: string;
  seller_name: string;
  invoice_no: string;
  issued_at: string;
  commission: Cents;
  commission_vat: Cents;
  processing_fees: Cents;
  payout: Cents;
  /** When the payout was made (null: not paid yet) and how. */
  paid_at: string | null;
  paid_by: 'stripe' | 'bank' | null;
};

export type AccountingEvent = AccountingSale | AccountingReversal | AccountingSellerInvoice;

export const BOOKING_KINDS = [
  'sale',
  'refund',
  'refund_platform_share',
  'commission',
  'commission_vat',
  'fees',
  'payout',
] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** One booking: `debit` (Konto, Soll) an `credit` (Gegenkonto, Haben). */
export type Booking = {
  kind: BookingKind;
  /** Vienna calendar day YYYY-MM-DD (Belegdatum). */
  date: string;
  amount: Cents;
  debit: string;
  credit: string;
  /** Belegfeld 1: the document number (RE-, ST-, PR-…). */
  document: string;
  text: string;
  seller_id: string;
};

const TEXT: Record<BookingKind, (doc: string, seller: string) => string> = {
  sale: (doc, seller) => `Gutscheinverkauf ${doc} ${seller}`,
  refund: (doc, seller) => `Storno ${doc} ${seller}`,
  refund_platform_share: (doc) => `Storno ${doc} Anteil Plattform`,
  commission: (doc, seller) => `Provision ${doc} ${seller}`,
  commission_vat: (doc) => `USt 20 % Provision ${doc}`,
  fees: (doc) => `Zahlungsgebühren ${doc}`,
  payout: (doc, seller) => `Auszahlung ${doc} ${seller}`,
};

/**
 * The bookings of some events in one view, each dated by `day` (a Vienna calendar day of an ISO
 * time) and kept when its day lies in [from, to]. Zero amounts are left out (DATEV refuses them).
 * Sorted by day, then document, then kind.
 */
export function accountingBookings(
  view: AccountingView,
  chart: AccountingChart,
  events: readonly AccountingEvent[],
  range: { from: string; to: string },
  day: (iso: string) => string,
): Booking[] {
  const config = ACCOUNTING_CHARTS[chart];
  const out: Booking[] = [];
  const add = (
    kind: BookingKind,
    iso: string,
    amount: Cents,
    debit: string,
    credit: string,
    document: string,
    event: AccountingEvent,
  ) => {
    const date = day(iso);
    if (amount <= 0 || date < range.from || date > range.to) return;
    out.push({
      kind,
      date,
      amount,
      debit,
      credit,
      document,
      text: TEXT[kind](kind === 'sale' ? (event as AccountingSale).order_no : document, event.seller_name),
      seller_id: event.seller_id,
    });
  };
  for (const event of events) {
    if (view === 'platform') {
      const a = config.platform;
      if (event.kind === 'sale') {
        if (event.direct) continue;
        add('sale', event.completed_at, event.paid, a.transit, a.sellerLiability, doc(event), event);
      } else if (event.kind === 'reversal') {
        if (event.direct) continue;
        add('refund', event.issued_at, event.refund, a.sellerLiability, a.transit, event.invoice_no, event);
        const platformShare = event.refund - event.seller_share;
        add(
          'refund_platform_share',
          event.issued_at,
          platformShare,
          a.reversalExpense,
          a.sellerLiability,
          event.invoice_no,
          event,
        );
      } else {
        add(
          'commission',
          event.issued_at,
          event.commission,
          a.sellerLiability,
          a.commissionRevenue,
          event.invoice_no,
          event,
        );
        add(
          'commission_vat',
          event.issued_at,
          event.commission_vat,
          a.sellerLiability,
          a.outputVat,
          event.invoice_no,
          event,
        );
        add('fees', event.issued_at, event.processing_fees, a.sellerLiability, a.feeRefund, event.invoice_no, event);
        if (event.paid_at && event.paid_by)
          add(
            'payout',
            event.paid_at,
            event.payout,
            a.sellerLiability,
            event.paid_by === 'stripe' ? a.transit : a.bank,
            event.invoice_no,
            event,
          );
      }
    } else {
      const a = config.seller;
      if (event.kind === 'sale') {
        add(
          'sale',
          event.completed_at,
          event.paid,
          event.direct ? a.cash : a.platformClearing,
          a.revenue,
          doc(event),
          event,
        );
      } else if (event.kind === 'reversal') {
        add(
          'refund',
          event.issued_at,
          event.refund,
          a.revenue,
          event.direct ? a.cash : a.platformClearing,
          event.invoice_no,
          event,
        );
        if (!event.direct) {
          const platformShare = event.refund - event.seller_share;
          add(
            'refund_platform_share',
            event.issued_at,
            platformShare,
            a.platformClearing,
            a.commissionExpense,
            event.invoice_no,
            event,
          );
        }
      } else {
        add(
          'commission',
          event.issued_at,
          event.commission,
          a.commissionExpense,
          a.platformClearing,
          event.invoice_no,
          event,
        );
        add(
          'commission_vat',
          event.issued_at,
          event.commission_vat,
          a.inputVat,
          a.platformClearing,
          event.invoice_no,
          event,
        );
        add('fees', event.issued_at, event.processing_fees, a.fees, a.platformClearing, event.invoice_no, event);
        if (event.paid_at && event.paid_by)
          add('payout', event.paid_at, event.payout, a.bank, a.platformClearing, event.invoice_no, event);
      }
    }
  }
  const order = (k: BookingKind) => BOOKING_KINDS.indexOf(k);
  return out.sort(
    (x, y) => x.date.localeCompare(y.date) || x.document.localeCompare(y.document) || order(x.kind) - order(y.kind),
  );
}

const doc = (sale: AccountingSale) => sale.invoice_no ?? sale.order_no;

/** The balance of one account over some bookings (Soll − Haben). */
export function accountBalance(bookings: readonly Booking[], account: string): Cents {
  let sum = 0;
  for (const b of bookings) {
    if (b.debit === account) sum += b.amount;
    if (b.credit === account) sum -= b.amount;
  }
  return sum;
}

/* ---------- API contracts ---------- */

export const ACCOUNTING_TEXT = {
  title: 'Buchhaltungsexport',
  datev: 'DATEV-Export',
  bmd: 'BMD-Export',
  outstanding: 'Gutscheinverbindlichkeiten',
  from: 'Von',
  to: 'Bis',
  chart: 'Kontenrahmen',
  at: 'Stichtag',
  consultant: 'Beraternummer',
  client: 'Mandantennummer',
  seller: 'Verkäufer',
  allSellers: 'Alle Verkäufer',
  view: 'Buchungssicht',
  viewPlatform: 'Plattform',
  viewSeller: 'Verkäufer (eigene Buchhaltung)',
  sameYear: 'Von und Bis müssen im selben Kalenderjahr liegen (ein Buchungsstapel je Wirtschaftsjahr).',
  noBookings: 'Im gewählten Zeitraum gibt es keine Buchungen.',
  intro:
    'Buchungen (Verkäufe, Stornos, Provisionen mit USt, Auszahlungen) als DATEV-Buchungsstapel oder BMD-Import, und die offenen Gutscheine zu einem Stichtag.',
} as const;

const day = () =>
  z.string({ error: MSG.required }).check(
    z.trim(),
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.invalidDate }),
    z.refine((text) => isCalendarDate(text), { error: MSG.invalidDate }),
  );

const optionalInt = (min: number, max: number) =>
  preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.optional(
      z
        .number({ error: 'Bitte gib eine Zahl ein' })
        .check(
          z.int({ error: 'Bitte gib eine ganze Zahl ein' }),
          z.gte(min, { error: `Mindestens ${min}` }),
          z.lte(max, { error: `Höchstens ${max}` }),
        ),
    ),
  );

/** POST accounting/datev and accounting/bmd: one calendar year at most (DATEV: one Wirtschaftsjahr per batch). */
export const accountingExportSchema = z
  .object({
    from: day(),
    to: day(),
    chart: z._default(z.enum(ACCOUNTING_CHART_IDS, { error: MSG.required }), 'SKR03'),
    /** Admin only: one seller (absent: all). Sellers always get their own. */
    seller_id: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64)))),
    /** Admin only: `seller` gives a seller's own books (e.g. to hand over); sellers always get `seller`. */
    view: z.optional(z.enum(ACCOUNTING_VIEWS)),
    consultant_no: optionalInt(1001, 9_999_999),
    client_no: optionalInt(1, 99_999),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.from > input.to) ctx.addIssue({ code: 'custom', path: ['to'], message: MSG.invalidDate });
      else if (input.from.slice(0, 4) !== input.to.slice(0, 4))
        ctx.addIssue({ code: 'custom', path: ['to'], message: ACCOUNTING_TEXT.sameYear });
    }),
  );
export type AccountingExportRequest = z.input<typeof accountingExportSchema>;
export type AccountingExport = z.output<typeof accountingExportSchema>;

/** POST accounting/outstanding-vouchers: the report at the end of the Vienna day `at`. */
export const outstandingVouchersRequestSchema = z.object({
  at: day(),
  seller_id: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64)))),
});
export type OutstandingVouchersRequest = z.input<typeof outstandingVouchersRequestSchema>;

/** File names of the exports. */
export const accountingFileName = {
  datev: (from: string, to: string) => `EXTF_Buchungsstapel_${from}_${to}.csv`,
  bmd: (from: string, to: string) => `BMD_Buchungen_${from}_${to}.csv`,
  outstanding: (at: string) => `Gutscheinverbindlichkeiten_${at}.csv`,
};
