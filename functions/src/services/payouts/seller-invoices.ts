import type { ExportLink } from '@gm/shared/admin/exports';
import type { Paged } from '@gm/shared/api/paged';
import { formatInvoiceDate } from '@gm/shared/dates/format';
import { viennaDayRange, viennaDayStart } from '@gm/shared/dates/vienna-range';
import { formatEuro } from '@gm/shared/money/money';
import {
  maskIban,
  PAYOUT_TEXT,
  TRANSFER_STATUS_LABEL,
  type CommissionStats,
  type commissionStatsQuerySchema,
  type SellerInvoice,
  type sellerInvoiceExportSchema,
  type sellerInvoiceListQuerySchema,
} from '@gm/shared/payouts/contracts';
import type * as z from 'zod/mini';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  isPaymentComplete,
  sellerInvoiceKeys,
  toSellerInvoice,
  type SellerInvoiceRecord,
} from '../../repositories/seller-invoice-keys.ts';
import type { SellerInvoiceFilter } from '../../repositories/seller-invoice-repository.ts';
import { invoicePartition } from '../../repositories/seller-invoice-repository.ts';
import { auditEntry } from '../audit-entry.ts';
import { cursorPage, INVALID_CURSOR } from '../cursor-paging.ts';
import type { Deps } from '../deps.ts';
import { csvMoney, writeCsv } from '../export-writers.ts';

/**
 * Seller invoices (Gutschriften), the read/admin side (issue 12; 03 §2 /payout, §4, §7, §8): lists,
 * one invoice and its PDF, payment complete, send-invoice, commission stats, PDF zip and CSV exports.
 * An admin sees every invoice (optionally one seller's); a seller only their own — another seller's
 * invoice is answered as not found.
 */
export type ListInput = z.output<typeof sellerInvoiceListQuerySchema>;
export type ExportInput = z.output<typeof sellerInvoiceExportSchema>;
export type StatsInput = z.output<typeof commissionStatsQuerySchema>;

export const NO_SELLER_INVOICES = 'Im gewählten Zeitraum gibt es keine Gutschriften.';
export const NO_SELLER_EMAIL = 'Für diesen Verkäufer ist keine E-Mail-Adresse hinterlegt.';
export const PDF_MISSING = 'Die PDF-Datei dieser Gutschrift wurde nicht gefunden.';

/** The seller an actor may read: a seller only themself (any `seller_id` is ignored), an admin any or all. */
export function invoiceScope(actor: Pick<Actor, 'role' | 'userId'>, requested: string | null | undefined) {
  if (actor.role === 'seller') return actor.userId;
  if (actor.role === 'admin') return requested || undefined;
  throw new ForbiddenError();
}

/** ISO bounds of optional Vienna days (both included). */
export function dayBounds(from: string | undefined, to: string | undefined): { start?: string; end?: string } {
  return {
    ...(from ? { start: viennaDayStart(from).toISOString() } : {}),
    ...(to ? { end: viennaDayRange(to, to).end } : {}),
  };
}

/**
 * A list cursor is `<total>.<key cursor>`: the COUNT runs once per list view (first page, a page
 * number without a cursor, a new filter) and the total travels with the cursor to the next pages,
 * so paging on reads one page and never the growing range again. A forged total only changes the
 * forger's page count.
 */
function splitCursor(cursor: string | undefined): { total?: number; key?: string } {
  if (!cursor) return {};
  const match = /^(\d{1,9})\.(.+)$/.exec(cursor);
  if (!match) throw ValidationError.field('cursor', INVALID_CURSOR);
  return { total: Number(match[1]), key: match[2]! };
}

/** GET seller-invoice: newest first, 10 per page, `keyword` on company/invoice number, issue-day range. */
export async function listSellerInvoices(
  deps: Pick<Deps, 'sellerInvoices'>,
  actor: Pick<Actor, 'role' | 'userId'>,
  input: ListInput,
  pageUrl: (page: number, cursor: string) => string,
): Promise<Paged<SellerInvoice> & { next_cursor: string | null }> {
  const filter: SellerInvoiceFilter = {
    ...dayBounds(input.from, input.to),
    keyword: input.keyword?.trim().toLowerCase() || undefined,
    sellerId: invoiceScope(actor, input.seller_id),
    status: input.status,
  };
  const { total: carried, key } = splitCursor(input.cursor);
  let total = carried;
  let nextCursor: string | null = null;
  const page = await cursorPage({
    page: input.page,
    perPage: input.paginate,
    cursor: key,
    partition: invoicePartition(filter),
    read: (limit, start) => deps.sellerInvoices.page(filter, limit, start),
    total: { exact: async () => (total ??= await deps.sellerInvoices.count(filter)) },
    pageUrl: (next, cursor) => {
      nextCursor = `${total ?? 0}.${cursor}`;
      return pageUrl(next, nextCursor);
    },
  });
  return { ...page, data: page.data.map(toSellerInvoice), next_cursor: nextCursor };
}

/** An invoice the actor may see, else 404 (a seller asking for another seller's). */
export async function visibleInvoice(
  deps: Pick<Deps, 'sellerInvoices'>,
  actor: Pick<Actor, 'role' | 'userId'>,
  id: string,
): Promise<SellerInvoiceRecord> {
  const invoice = await deps.sellerInvoices.get(id);
  if (!invoice) throw new NotFoundError();
  if (actor.role === 'admin') return invoice;
  if (actor.role === 'seller' && invoice.seller_id === actor.userId) return invoice;
  throw new NotFoundError();
}

/** GET seller-invoice/{id}. */
export async function getSellerInvoice(
  deps: Pick<Deps, 'sellerInvoices'>,
  actor: Pick<Actor, 'role' | 'userId'>,
  id: string,
): Promise<SellerInvoice> {
  return toSellerInvoice(await visibleInvoice(deps, actor, id));
}

export const sellerInvoiceFilename = (invoiceNo: string) => `Gutschrift-${invoiceNo}.pdf`;

/** PUT seller-invoice/{id} {isCompleted:true} (admin): a manual or failed transfer paid outside Stripe. */
export async function completeSellerInvoicePayment(
  deps: Pick<Deps, 'sellerInvoices' | 'audit' | 'clock' | 'newId'>,
  actor: Pick<Actor, 'userId'>,
  id: string,
): Promise<SellerInvoice> {
  const at = deps.clock().toISOString();
  const existing = await deps.sellerInvoices.get(id);
  if (!existing) throw new NotFoundError();
  const entry = auditEntry(
    deps,
    'complete_seller_payout',
    { actor: actor.userId, target: existing.seller_id, at },
    { seller_invoice_id: id, invoice_no: existing.invoice_no, payout: existing.payout, was: existing.transfer_status },
  );
  const result = await deps.sellerInvoices.completePayment(id, at, actor.userId, deps.audit.part(entry));
  if (result.outcome === 'missing') throw new NotFoundError();
  if (result.outcome === 'not_completable') throw ValidationError.field('isCompleted', PAYOUT_TEXT.notCompletable);
  return toSellerInvoice(result.invoice);
}

/** DELETE seller-invoice/{id} (admin): issued Gutschriften are never deleted (docs/decisions/payouts.md). */
export async function deleteSellerInvoice(deps: Pick<Deps, 'sellerInvoices'>, id: string): Promise<never> {
  if (!(await deps.sellerInvoices.get(id))) throw new NotFoundError();
  throw ValidationError.field('id', PAYOUT_TEXT.notDeletable);
}

/** GET seller-invoice/commission-stats: sums over the invoices issued in the range (all when none). */
export async function commissionStats(
  deps: Pick<Deps, 'sellerInvoices'>,
  actor: Pick<Actor, 'role' | 'userId'>,
  input: StatsInput,
): Promise<CommissionStats> {
  const stats: CommissionStats = {
    invoice_count: 0,
    gross: 0,
    commission: 0,
    commission_vat: 0,
    processing_fees: 0,
    payout: 0,
    paid_out: 0,
    open_payouts: 0,
  };
  const filter = { ...dayBounds(input.from, input.to), sellerId: invoiceScope(actor, input.seller_id) };
  for await (const invoice of deps.sellerInvoices.each(filter)) {
    stats.invoice_count += 1;
    stats.gross += invoice.gross;
    stats.commission += invoice.commission;
    stats.commission_vat += invoice.commission_vat;
    stats.processing_fees += invoice.processing_fees;
    stats.payout += invoice.payout;
    if (isPaymentComplete(invoice.transfer_status)) stats.paid_out += invoice.payout;
    else stats.open_payouts += 1;
  }
  return stats;
}

const period = (invoice: Pick<SellerInvoiceRecord, 'period_start' | 'period_end'>) =>
  `${invoice.period_start ? formatInvoiceDate(invoice.period_start) : 'Beginn'} – ${formatInvoiceDate(invoice.period_end)}`;

/** The mail text of a Gutschrift (German, plain). */
export function sellerInvoiceMailText(invoice: SellerInvoiceRecord): string {
  return [
    `Guten Tag${invoice.company_name ? ` ${invoice.company_name}` : ''},`,
    '',
    `im Anhang finden Sie Ihre Gutschrift ${invoice.invoice_no} für den Abrechnungszeitraum ${period(invoice)}.`,
    '',
    `Umsatz: ${formatEuro(invoice.gross)}`,
    `Provision: ${formatEuro(invoice.commission)} zzgl. USt ${formatEuro(invoice.commission_vat)}`,
    `Zahlungsgebühren: ${formatEuro(invoice.processing_fees)}`,
    `Auszahlungsbetrag: ${formatEuro(invoice.payout)}`,
    `IBAN: ${maskIban(invoice.iban)}`,
    '',
    'Bei Fragen zu dieser Abrechnung antworten Sie einfach auf diese E-Mail.',
    '',
    'Mit freundlichen Grüßen',
    'Ihr Gutscheinmarkt-Team',
  ].join('\n');
}

/**
 * GET seller-invoice/send-invoice/{id} (admin): mails the Gutschrift with its PDF to the seller (the
 * e-mail snapshot on the invoice, else the profile's), then marks it sent (03 §4 Completed). A
 * resend mails again and keeps `email_sent`. The mark follows the mail: a mail that fails leaves the
 * invoice Pending.
 */
export async function sendSellerInvoice(
  deps: Pick<Deps, 'sellerInvoices' | 'privateFileReader' | 'users' | 'mailQueue' | 'audit' | 'clock' | 'newId'>,
  actor: Pick<Actor, 'userId'>,
  id: string,
): Promise<SellerInvoice> {
  const invoice = await deps.sellerInvoices.get(id);
  if (!invoice) throw new NotFoundError();
  const to = invoice.seller_email || (await deps.users.get(invoice.seller_id))?.email;
  if (!to) throw ValidationError.field('email', NO_SELLER_EMAIL);
  if (!(await sellerInvoiceDocumentStored(deps, invoice))) throw new NotFoundError(PDF_MISSING);
  // The mail worker renders the PDF and sends (seller-invoice-pdfs.ts mailSellerInvoice).
  await deps.mailQueue.enqueue({ kind: 'seller-invoice', invoiceId: invoice.id, to });
  const at = deps.clock().toISOString();
  const sent = await deps.sellerInvoices.markEmailSent(id, at);
  if (!sent) throw new NotFoundError();
  await deps.audit.put(
    auditEntry(
      deps,
      'send_seller_invoice',
      { actor: actor.userId, target: invoice.seller_id, at },
      { seller_invoice_id: id, invoice_no: invoice.invoice_no, to, resend: invoice.email_sent },
    ),
  );
  return toSellerInvoice(sent);
}

/**
 * Whether the Gutschrift's PDF can be had: rendered from what the payout run stored
 * (`pdfSource`, issue 15), or stored as a PDF (invoices issued before that).
 */
async function sellerInvoiceDocumentStored(
  deps: Pick<Deps, 'privateFileReader'>,
  invoice: SellerInvoiceRecord,
): Promise<boolean> {
  if (invoice.pdf_source_key) return Boolean(await deps.privateFileReader.read(invoice.pdf_source_key));
  if (await deps.privateFileReader.read(invoice.pdf_key)) return true;
  return Boolean(await deps.privateFileReader.read(sellerInvoiceKeys.pdfSource(invoice.pdf_key)));
}

/** The invoices of an export (oldest first); none is a 404 with a German message. */
export async function exportInvoices(
  deps: Pick<Deps, 'sellerInvoices'>,
  actor: Pick<Actor, 'role' | 'userId'>,
  input: ExportInput,
): Promise<SellerInvoiceRecord[]> {
  const filter: SellerInvoiceFilter = {
    ...viennaDayRange(input.from, input.to),
    sellerId: invoiceScope(actor, input.seller_id),
    keyword: input.keyword?.trim().toLowerCase() || undefined,
  };
  const invoices: SellerInvoiceRecord[] = [];
  for await (const invoice of deps.sellerInvoices.each(filter)) invoices.push(invoice);
  if (!invoices.length) throw new NotFoundError(NO_SELLER_INVOICES);
  return invoices;
}

export const sellerInvoiceExportName = {
  zip: (from: string, to: string) => `Gutschriften_${from}_${to}.zip`,
  csv: (from: string, to: string) => `Gutschriften_${from}_${to}.csv`,
};

export const SELLER_INVOICE_CSV_HEADER = [
  'Rechnungsnummer',
  'Datum',
  'Zeitraum',
  'Unternehmen',
  'IBAN',
  'Umsatz',
  'Provision',
  'USt',
  'Zahlungsgebühren',
  'Stornos',
  'Auszahlung',
  'Status',
  'Überweisung',
] as const;

export function sellerInvoiceCsvRow(invoice: SellerInvoiceRecord): (string | number)[] {
  return [
    invoice.invoice_no,
    formatInvoiceDate(invoice.issued_at),
    period(invoice),
    invoice.company_name,
    maskIban(invoice.iban),
    csvMoney(invoice.gross),
    csvMoney(invoice.commission),
    csvMoney(invoice.commission_vat),
    csvMoney(invoice.processing_fees),
    // Reversals before invoicing and open adjustments of earlier invoices.
    csvMoney(invoice.reversals + invoice.adjustments),
    csvMoney(invoice.payout),
    invoice.email_sent ? PAYOUT_TEXT.statusCompleted : PAYOUT_TEXT.statusPending,
    TRANSFER_STATUS_LABEL[invoice.transfer_status],
  ];
}

/** POST seller-invoice/download-csv-invoices: one row per invoice of the range, presigned link. */
export async function downloadSellerInvoiceCsv(
  deps: Pick<Deps, 'sellerInvoices' | 'exportFiles'>,
  actor: Pick<Actor, 'role' | 'userId'>,
  input: ExportInput,
): Promise<ExportLink> {
  const invoices = await exportInvoices(deps, actor, input);
  return deps.exportFiles.write(
    {
      ownerId: actor.userId,
      filename: sellerInvoiceExportName.csv(input.from, input.to),
      contentType: 'text/csv; charset=utf-8',
    },
    (sink) => writeCsv(sink, [[...SELLER_INVOICE_CSV_HEADER], ...invoices.map(sellerInvoiceCsvRow)]),
  );
}
