import { zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { formatInvoiceDate } from '@gm/shared/dates/format';
import { viennaDayRange } from '@gm/shared/dates/vienna-range';
import { exportFileName, ORDER_CSV_HEADER, SELLER_TEXT, type InvoiceExportRequest } from '@gm/shared/seller/dashboard';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
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
 */
export type ExportDeps = Pick<Deps, 'sellerDashboard'>;
type ParsedExport = { from: string; to: string; zip?: boolean | undefined; seller_id?: string | null | undefined };
export type ExportFile = { filename: string; contentType: string; data: Uint8Array };

/** An answer must fit a Lambda response (6 MB, base64 adds a third). */
export const MAX_EXPORT_BYTES = 4_200_000;
const tooLarge = () =>
  ValidationError.field(
    'to',
    'Der Zeitraum enthält zu viele Rechnungen für einen Download. Bitte wähle einen kürzeren Zeitraum.',
  );

export async function downloadBuyerPdfInvoices(
  deps: ExportDeps,
  actor: Actor,
  input: ParsedExport,
): Promise<ExportFile> {
  const sellerId = sellerScope(actor, input.seller_id, { adminMayOmit: true });
  const { start, end } = viennaDayRange(input.from, input.to);
  const invoices = await deps.sellerDashboard.invoicesInRange(sellerId, start, end);
  if (invoices.length === 0) throw new NotFoundError(SELLER_TEXT.noInvoices);
  const pdfs = await Promise.all(
    invoices.map(async (invoice) => ({
      name: invoiceFilename(invoice.invoice_no),
      pdf: await renderInvoicePdf(invoice),
    })),
  );
  if (input.zip === false) {
    const merged = await PDFDocument.create();
    for (const { pdf } of pdfs) {
      const source = await PDFDocument.load(pdf);
      for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
    }
    const data = await merged.save();
    if (data.byteLength > MAX_EXPORT_BYTES) throw tooLarge();
    return { filename: `Rechnungen_${input.from}_${input.to}.pdf`, contentType: 'application/pdf', data };
  }
  // PDFs are compressed already: store them (level 0), which is fast and barely larger.
  const data = zipSync(Object.fromEntries(pdfs.map(({ name, pdf }) => [name, [pdf, { level: 0 }]])));
  if (data.byteLength > MAX_EXPORT_BYTES) throw tooLarge();
  return { filename: exportFileName.zip(input.from, input.to), contentType: 'application/zip', data };
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

export async function downloadOrderCsv(deps: ExportDeps, actor: Actor, input: ParsedExport): Promise<ExportFile> {
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
  const text = [ORDER_CSV_HEADER, ...rows].map((row) => row.map(csvField).join(';')).join('\r\n') + '\r\n';
  // With a BOM so spreadsheet programs read the umlauts as UTF-8.
  const data = new TextEncoder().encode(`\uFEFF${text}`);
  if (data.byteLength > MAX_EXPORT_BYTES) throw tooLarge();
  return { filename: exportFileName.csv(input.from, input.to), contentType: 'text/csv; charset=utf-8', data };
}

export type { InvoiceExportRequest };
