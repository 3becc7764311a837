import { downloadInvoiceRequestSchema } from '@gm/shared/orders/contracts';
import { API_BASE, buildUrl, toApiError } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth.ts';

export const invoiceFilename = (invoiceNo: string) => `Rechnung-${invoiceNo}.pdf`;

/** POST order/download-invoice → the PDF as a Blob (the JSON API client only reads JSON answers). */
export async function fetchInvoicePdf(orderId: string, invoiceNo: string): Promise<Blob> {
  const body = downloadInvoiceRequestSchema.parse({ order_id: orderId, invoice_no: invoiceNo });
  const token = authStore.getSnapshot().token;
  const response = await fetch(buildUrl(API_BASE, 'order/download-invoice'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/pdf',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return response.blob();
}

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
