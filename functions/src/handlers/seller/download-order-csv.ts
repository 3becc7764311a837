import { invoiceExportRequestSchema } from '@gm/shared/seller/dashboard';
import { exportFiles, resolve, sellerDashboard } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { downloadOrderCsv } from '../../services/seller/order-csv.ts';

/** POST seller-invoice/download-order-csv {from, to, seller_id} → a presigned link to the period's completed orders as CSV (seller: own; admin: any or all). */
export const handler = http('POST seller-invoice/download-order-csv', async ({ actor, body }) => {
  const input = parse(invoiceExportRequestSchema, body);
  return json(200, await downloadOrderCsv(resolve({ sellerDashboard, exportFiles }), actor, input), {
    'cache-control': 'no-store',
  });
});
