import { downloadInvoiceRequestSchema } from '@gm/shared/orders/contracts';
import { api } from '../../../lib/api.ts';

export const invoiceFilename = (invoiceNo: string) => `Rechnung-${invoiceNo}.pdf`;

/** POST order/download-invoice → the invoice PDF of one completed order line. */
export function fetchInvoicePdf(orderId: string, invoiceNo: string, signal?: AbortSignal): Promise<Blob> {
  const body = downloadInvoiceRequestSchema.parse({ order_id: orderId, invoice_no: invoiceNo });
  return api.download('order/download-invoice', { accept: 'application/pdf', body, signal });
}
