import type { DownloadInvoiceRequest } from '@gm/shared/orders/contracts';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { invoiceFilename, renderInvoicePdf } from './invoice-pdf.ts';

/**
 * The customer invoice of a completed order line as a PDF, for the line's buyer or an admin; anyone
 * else (and a number that does not belong to the order) gets a 404. The PDF is rendered from the
 * immutable `INVOICE` item, so every download and the mail attachment show the same document.
 */
export async function downloadInvoice(
  deps: Pick<Deps, 'orders'>,
  actor: Actor,
  input: DownloadInvoiceRequest,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const order = await deps.orders.get(input.order_id);
  const mine = actor.role === 'admin' || (order?.user_id !== undefined && order.user_id === actor.userId);
  // The order's invoice, or its cancellation invoice (Stornorechnung) once it was reversed (issue 11).
  const cancellation = (order as { cancellation_invoice_no?: string } | undefined)?.cancellation_invoice_no;
  const known = [order?.invoice_no, cancellation].filter(Boolean);
  if (!order || !mine || order.status !== 'completed' || !known.includes(input.invoice_no)) throw new NotFoundError();
  const invoice = await deps.orders.getInvoice(input.invoice_no);
  if (!invoice || invoice.order_id !== order.id) throw new NotFoundError();
  const filename =
    invoice.cancels !== undefined ? `Stornorechnung-${invoice.invoice_no}.pdf` : invoiceFilename(invoice.invoice_no);
  return { filename, pdf: await renderInvoicePdf(invoice) };
}
