import type { ExportLink } from '@gm/shared/admin/exports';
import { viennaDay, viennaDayRange } from '@gm/shared/dates/vienna-range';
import {
  ACCOUNTING_CHARTS,
  ACCOUNTING_TEXT,
  accountingBookings,
  accountingFileName,
  DATEV_DEFAULTS,
  type AccountingEvent,
  type AccountingExport,
  type AccountingView,
  type Booking,
} from '@gm/shared/payouts/accounting';
import { bmdCsv } from '@gm/shared/payouts/bmd-csv';
import { datevExtf, encodeWindows1252 } from '@gm/shared/payouts/datev-extf';
import { reversedSellerShare } from '@gm/shared/payouts/ledger';
import {
  addOutstanding,
  EMPTY_OUTSTANDING,
  outstandingFigures,
  OUTSTANDING_CSV_HEADER,
  OUTSTANDING_TOTAL_LABEL,
  type OutstandingFigures,
} from '@gm/shared/payouts/outstanding-vouchers';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { AccountingOrder } from '../../repositories/accounting-repository.ts';
import type { Deps } from '../deps.ts';
import { csvMoney, writeCsv } from '../export-writers.ts';
import { sellerScope } from '../seller/seller-orders.ts';

/**
 * Accounting exports (issue 12): POST accounting/datev, accounting/bmd (bookings of a period) and
 * accounting/outstanding-vouchers (Gutscheinverbindlichkeiten at a day). A seller gets their own
 * books (`seller` view); an admin the platform's books for one seller or all (`platform` view, or
 * `view: seller` to hand a seller their own). Files go to the private bucket, answered as a
 * short-lived link like every export. The bookings and the file formats are pure (shared/payouts).
 */
export type AccountingDeps = Pick<Deps, 'accounting' | 'exportFiles' | 'clock'>;

/** Seller invoices issued up to this long before the period are read for payouts made in it. */
const PAYOUT_LOOKBACK_DAYS = 366;

const dayOf = (iso: string) => viennaDay(new Date(iso));
const paidOf = (order: AccountingOrder) => (order.total_amount ?? 0) - (order.discount ?? 0);
const isDirect = (order: AccountingOrder | undefined) =>
  order !== undefined && (order.p_type === 'none' || order.channel === 'direktverkauf');

/** The events of a period: completed sales, Stornorechnungen and the seller invoices (for their payouts: a year before). */
export async function accountingEvents(
  deps: Pick<Deps, 'accounting'>,
  sellerId: string | undefined,
  from: string,
  to: string,
): Promise<AccountingEvent[]> {
  const { start, end } = viennaDayRange(from, to);
  const lookback = new Date(Date.parse(`${from}T00:00:00Z`) - PAYOUT_LOOKBACK_DAYS * 86_400_000).toISOString();
  const [orders, cancellations, invoices] = await Promise.all([
    deps.accounting.completedOrders(sellerId, start, end),
    deps.accounting.cancellationInvoices(sellerId, start, end),
    deps.accounting.sellerInvoices(sellerId, lookback.slice(0, 10), end),
  ]);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const missing = cancellations.map((c) => c.order_id).filter((id) => !byId.has(id));
  if (missing.length > 0) for (const [id, order] of await deps.accounting.ordersById(missing)) byId.set(id, order);
  const names = await deps.accounting.sellerNames([
    ...orders.map((o) => o.seller_id),
    ...cancellations.map((c) => c.seller_id),
    ...invoices.map((i) => i.seller_id),
  ]);
  const name = (id: string) => names.get(id) ?? id;

  const events: AccountingEvent[] = [];
  for (const order of orders) {
    if (!order.completed_at) continue;
    events.push({
      kind: 'sale',
      seller_id: order.seller_id,
      seller_name: name(order.seller_id),
      order_no: order.order_no ?? order.id,
      invoice_no: order.invoice_no,
      completed_at: order.completed_at,
      paid: paidOf(order),
      direct: isDirect(order),
    });
  }
  for (const invoice of cancellations) {
    const order = byId.get(invoice.order_id);
    const refund = Math.abs(invoice.gross);
    events.push({
      kind: 'reversal',
      seller_id: invoice.seller_id,
      seller_name: name(invoice.seller_id),
      invoice_no: invoice.invoice_no,
      order_no: invoice.order_no,
      issued_at: invoice.issued_at,
      refund,
      seller_share: order ? reversedSellerShare({ seller_net: order.seller_net ?? 0, paid: paidOf(order), refund }) : 0,
      direct: isDirect(order),
    });
  }
  for (const invoice of invoices) {
    const paidBy =
      invoice.transfer_status === 'paid' ? 'stripe' : invoice.transfer_status === 'completed' ? 'bank' : null;
    events.push({
      kind: 'seller_invoice',
      seller_id: invoice.seller_id,
      seller_name: name(invoice.seller_id),
      invoice_no: invoice.invoice_no,
      issued_at: invoice.issued_at,
      commission: invoice.commission,
      commission_vat: invoice.commission_vat,
      processing_fees: invoice.processing_fees,
      payout: invoice.payout,
      paid_at: paidBy ? (invoice.paid_at ?? invoice.issued_at) : null,
      paid_by: paidBy,
    });
  }
  return events;
}

/** Who gets what: sellers their own books; admins the platform's (or a seller's with `view: seller`). */
function scope(actor: Actor, input: AccountingExport): { sellerId: string | undefined; view: AccountingView } {
  const sellerId = sellerScope(actor, input.seller_id, { adminMayOmit: true });
  return { sellerId, view: actor.role === 'seller' ? 'seller' : (input.view ?? 'platform') };
}

async function bookingsFor(deps: AccountingDeps, actor: Actor, input: AccountingExport): Promise<Booking[]> {
  const { sellerId, view } = scope(actor, input);
  const events = await accountingEvents(deps, sellerId, input.from, input.to);
  const bookings = accountingBookings(view, input.chart, events, input, dayOf);
  if (bookings.length === 0) throw new NotFoundError(ACCOUNTING_TEXT.noBookings);
  return bookings;
}

const writeBytes = (deps: AccountingDeps, actor: Actor, filename: string, bytes: Uint8Array) =>
  deps.exportFiles.write(
    { ownerId: actor.userId, filename, contentType: 'text/csv; charset=windows-1252' },
    async (sink) => {
      sink.write(bytes);
      await sink.drained();
    },
  );

/** POST accounting/datev: the period's bookings as a DATEV Buchungsstapel (EXTF), Windows-1252. */
export async function datevExport(deps: AccountingDeps, actor: Actor, input: AccountingExport): Promise<ExportLink> {
  const bookings = await bookingsFor(deps, actor, input);
  const chart = ACCOUNTING_CHARTS[input.chart];
  const compact = (day: string) => day.replace(/-/g, '').slice(2);
  const text = datevExtf(
    {
      created: deps.clock(),
      consultant: input.consultant_no ?? DATEV_DEFAULTS.consultant,
      client: input.client_no ?? DATEV_DEFAULTS.client,
      fiscalYearStart: `${input.from.slice(0, 4)}-01-01`,
      accountLength: chart.accountLength,
      from: input.from,
      to: input.to,
      label: `Gutscheinmarkt ${compact(input.from)}-${compact(input.to)}`,
      chart: chart.datevChart,
    },
    bookings,
  );
  return writeBytes(deps, actor, accountingFileName.datev(input.from, input.to), encodeWindows1252(text));
}

/** POST accounting/bmd: the same bookings as a BMD NTCS booking import, Windows-1252. */
export async function bmdExport(deps: AccountingDeps, actor: Actor, input: AccountingExport): Promise<ExportLink> {
  const bookings = await bookingsFor(deps, actor, input);
  return writeBytes(deps, actor, accountingFileName.bmd(input.from, input.to), encodeWindows1252(bmdCsv(bookings)));
}

/** The first instant after the last valid day `validUntil` (Vienna). */
const expiredFrom = (validUntil: string) => {
  const [y, m, d] = validUntil.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return viennaDayRange(next, next).start;
};

/** How many sellers the admin's report reads at once. */
const SELLER_CONCURRENCY = 8;

/** One seller's figures at the end of the Vienna day `at`: their user vouchers and their redemption ledger. */
export async function sellerOutstanding(
  deps: Pick<Deps, 'accounting'>,
  sellerId: string,
  at: string,
): Promise<OutstandingFigures> {
  const { end } = viennaDayRange(at, at);
  const [vouchers, redemptions] = await Promise.all([
    deps.accounting.userVouchersUntil(sellerId, end),
    deps.accounting.redemptionsOf(sellerId),
  ]);
  return outstandingFigures(vouchers, redemptions, end, expiredFrom);
}

/**
 * POST accounting/outstanding-vouchers: per seller (a seller: only themself; an admin: one or every
 * seller) the vouchers sold, redeemed, reversed, expired and still outstanding at the end of `at`,
 * and the platform's sum. Reads per seller (never the whole table), eight sellers at a time.
 */
export async function outstandingVouchersExport(
  deps: AccountingDeps,
  actor: Actor,
  input: { at: string; seller_id?: string | null | undefined },
): Promise<ExportLink> {
  const requested = sellerScope(actor, input.seller_id, { adminMayOmit: true });
  const sellerIds = requested ? [requested] : await deps.accounting.sellerIds();
  const figures = new Map<string, OutstandingFigures>();
  for (let i = 0; i < sellerIds.length; i += SELLER_CONCURRENCY) {
    const chunk = sellerIds.slice(i, i + SELLER_CONCURRENCY);
    const results = await Promise.all(chunk.map((id) => sellerOutstanding(deps, id, input.at)));
    chunk.forEach((id, j) => figures.set(id, results[j]!));
  }
  const shown = [...figures].filter(([id, f]) => f.vouchers > 0 || id === requested);
  const names = await deps.accounting.sellerNames(shown.map(([id]) => id));
  const row = (label: string, id: string, f: OutstandingFigures) => [
    label,
    id,
    input.at,
    f.vouchers,
    csvMoney(f.sold),
    csvMoney(f.redeemed),
    csvMoney(f.reversed),
    csvMoney(f.expired),
    csvMoney(f.outstanding),
    f.open_vouchers,
  ];
  const rows = shown
    .map(([id, f]) => ({ name: names.get(id) ?? id, id, f }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'))
    .map(({ name, id, f }) => row(name, id, f));
  const total = [...figures.values()].reduce(addOutstanding, EMPTY_OUTSTANDING);
  return deps.exportFiles.write(
    {
      ownerId: actor.userId,
      filename: accountingFileName.outstanding(input.at),
      contentType: 'text/csv; charset=utf-8',
    },
    (sink) =>
      writeCsv(sink, [
        [...OUTSTANDING_CSV_HEADER],
        ...rows,
        ...(requested ? [] : [row(OUTSTANDING_TOTAL_LABEL, '', total)]),
      ]),
  );
}
