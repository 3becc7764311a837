import { Zip, ZipPassThrough } from 'fflate';
import type { ExportLink } from '@gm/shared/admin/exports';
import { PDFDocument } from 'pdf-lib';
import { formatInvoiceDate } from '@gm/shared/dates/format';
import { viennaDayRange } from '@gm/shared/dates/vienna-range';
import { exportFileName, ORDER_CSV_HEADER, SELLER_TEXT, type InvoiceExportRequest } from '@gm/shared/seller/dashboard';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { ExportSink } from '../../adapters/export-files.ts';
import type { OrderRecord } from '../../repositories/order-repository.ts';
import type { Deps } from '../deps.ts';
import { invoiceFilename } from '../orders/complete-payment.ts';
import { renderInvoicePdf } from '../orders/invoice-pdf.ts';
import { sellerScope, toSellerOrder } from './seller-orders.ts';

/**
 * Invoice exports of 'Bestellungen' (02 §2, §7): `seller-invoice/download-buyer-pdf-invoices` (the
 * customer invoices issued in the period as a zip of PDFs, or one merged PDF with `zip: false`) and
 * `seller-invoice/download-order-csv` (the completed orders of the period). A seller gets their own;
 * an admin names a `seller_id` (or none: all sellers). The period is Vienna days, both included.
 * Issue 12: every export is written to the private bucket and answered as a presigned link
 * (`{url, expires_in, filename}`), so there is no size limit; the zip is streamed, PDF by PDF.
 */
export type ExportDeps = Pick<Deps, 'sellerDashboard' | 'exportFiles'>;
type ParsedExport = { from: string; to: string; zip?: boolean | undefined; seller_id?: string | null | undefined };

/** Writes a text file (UTF-8 with BOM, so spreadsheet programs read the umlauts) in pieces of about 64 kB. */
export async function writeCsv(sink: ExportSink, rows: Iterable<ReadonlyArray<string | number>>): Promise<void> {
  const encoder = new TextEncoder();
  let buffer = '\uFEFF';
  for (const row of rows) {
    buffer += row.map(csvField).join(';') + '\r\n';
    if (buffer.length >= 65_536) {
      sink.write(encoder.encode(buffer));
      buffer = '';
      await sink.drained();
    }
  }
  if (buffer) sink.write(encoder.encode(buffer));
  await sink.drained();
}

/**
 * A zip streamed into the sink: each entry is produced (rendered) only when the previous one has
 * been handed on, so memory holds one PDF at a time. PDFs are compressed already: they are stored.
 */
export async function writeZip(
  sink: ExportSink,
  entries: Iterable<{ name: string; data: () => Promise<Uint8Array> }>,
): Promise<void> {
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else sink.write(chunk);
  });
  for (const entry of entries) {
    const file = new ZipPassThrough(entry.name);
    zip.add(file);
    file.push(await entry.data(), true);
    if (failure) throw failure;
    await sink.drained();
  }
  zip.end();
  if (failure) throw failure;
  await sink.drained();
}

export async function downloadBuyerPdfInvoices(
  deps: ExportDeps,
  actor: Actor,
  input: ParsedExport,
): Promise<ExportLink> {
  const sellerId = sellerScope(actor, input.seller_id, { adminMayOmit: true });
  const { start, end } = viennaDayRange(input.from, input.to);
  const invoices = await deps.sellerDashboard.invoicesInRange(sellerId, start, end);
  if (invoices.length === 0) throw new NotFoundError(SELLER_TEXT.noInvoices);
  if (input.zip === false) {
    // One merged PDF: pdf-lib builds the document in memory (pages copied one invoice at a time).
    const merged = await PDFDocument.create();
    for (const invoice of invoices) {
      const source = await PDFDocument.load(await renderInvoicePdf(invoice));
      for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
    }
    const data = await merged.save();
    return deps.exportFiles.write(
      { ownerId: actor.userId, filename: `Rechnungen_${input.from}_${input.to}.pdf`, contentType: 'application/pdf' },
      async (sink) => {
        sink.write(data);
        await sink.drained();
      },
    );
  }
  return deps.exportFiles.write(
    { ownerId: actor.userId, filename: exportFileName.zip(input.from, input.to), contentType: 'application/zip' },
    (sink) =>
      writeZip(
        sink,
        invoices.map((invoice) => ({
          name: invoiceFilename(invoice.invoice_no),
          data: () => renderInvoicePdf(invoice),
        })),
      ),
  );
}

const CHANNEL_LABEL: Record<OrderRecord['channel'], string> = {
  marketplace: 'Marktplatz',
  subdomain: 'Subdomain',
  direktverkauf: 'Direktverkauf',
};
const TYPE_LABEL: Record<string, string> = { quantity: 'Produktgutschein', value: 'Wertgutschein' };

/** 12,34 (no thousands separator, so spreadsheets read it as a number): the money of the admin and seller CSVs. */
export const csvMoney = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** One CSV field: quoted when it holds the separator, a quote or a line break; formula starts neutralised. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function downloadOrderCsv(deps: ExportDeps, actor: Actor, input: ParsedExport): Promise<ExportLink> {
  const sellerId = sellerScope(actor, input.seller_id, { adminMayOmit: true });
  const { start, end } = viennaDayRange(input.from, input.to);
  const orders = await deps.sellerDashboard.ordersInRange(sellerId, start, end);
  const names = await deps.sellerDashboard.buyerNames(orders.flatMap((o) => (o.user_id ? [o.user_id] : [])));
  const rows = orders.map((record) => {
    const order = toSellerOrder(record);
    const buyer = record.user_id ? (names.get(record.user_id) ?? '') : order.buyer;
    return [
      order.order_no ?? '',
      order.invoice_no ?? '',
      formatInvoiceDate(order.created_at),
      order.voucher.title,
      TYPE_LABEL[order.voucher.type] ?? order.voucher.type,
      CHANNEL_LABEL[order.channel],
      buyer,
      order.total_qty,
      csvMoney(order.total_amount - order.discount),
      csvMoney(order.discount),
      csvMoney(order.commission),
      csvMoney(order.processing_fee),
      csvMoney(order.seller_net),
      order.reversed ? SELLER_TEXT.reversed : 'abgeschlossen',
    ];
  });
  return deps.exportFiles.write(
    {
      ownerId: actor.userId,
      filename: exportFileName.csv(input.from, input.to),
      contentType: 'text/csv; charset=utf-8',
    },
    (sink) => writeCsv(sink, [ORDER_CSV_HEADER, ...rows]),
  );
}

export type { InvoiceExportRequest };
