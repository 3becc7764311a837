import { invoiceExportRequestSchema } from '@gm/shared/seller/dashboard';
import { resolve, sellerDashboard } from '../../lib/deps.ts';
import { file, http, parse } from '../../lib/http.ts';
import { downloadOrderCsv } from '../../services/seller/invoice-exports.ts';

/** POST seller-invoice/download-order-csv {from, to, seller_id} → the period's completed orders as CSV (seller: own; admin: any or all). */
export const handler = http('POST seller-invoice/download-order-csv', async ({ actor, body }) => {
  const input = parse(invoiceExportRequestSchema, body);
  const out = await downloadOrderCsv(resolve({ sellerDashboard }), actor, input);
  return file(out.data, out.contentType, out.filename);
});
