import { downloadInvoiceRequestSchema } from '@gm/shared/orders/contracts';
import { orders, resolve } from '../../lib/deps.ts';
import { file, http, parse } from '../../lib/http.ts';
import { downloadInvoice } from '../../services/orders/download-invoice.ts';

/** POST order/download-invoice {order_id, invoice_no} → the invoice PDF (buyer or admin). */
export const handler = http('POST order/download-invoice', async ({ actor, body }) => {
  const input = parse(downloadInvoiceRequestSchema, body);
  const { filename, pdf } = await downloadInvoice(resolve({ orders }), actor, input);
  return file(pdf, 'application/pdf', filename);
});
