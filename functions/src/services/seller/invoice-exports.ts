import type { ExportLink } from '@gm/shared/admin/exports';
import { viennaDayRange } from '@gm/shared/dates/vienna-range';
import { exportFileName, SELLER_TEXT } from '@gm/shared/seller/dashboard';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { loadPdfStack } from '../../lib/pdf/pdf-stack.ts';
import { writeZip } from '../export-writers.ts';
import { invoiceFilename, renderInvoicePdf } from '../orders/invoice-pdf.ts';
import type { ExportDeps, ParsedExport } from './order-csv.ts';
import { sellerScope } from './seller-orders.ts';

/**
 * Invoice exports of 'Bestellungen' (02 §2, §7): `seller-invoice/download-buyer-pdf-invoices` (the
 * customer invoices issued in the period as a zip of PDFs, or one merged PDF with `zip: false`; the
 * order CSV is services/seller/order-csv.ts, so its bundle holds no pdf-lib). A seller gets their own;
 * an admin names a `seller_id` (or none: all sellers). The period is Vienna days, both included.
 * Issue 12: every export is written to the private bucket and answered as a presigned link
 * (`{url, expires_in, filename}`), so there is no size limit; the zip is streamed, PDF by PDF.
 */
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
    const { PDFDocument } = await loadPdfStack();
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
