import { sellerInvoiceExportSchema } from '@gm/shared/payouts/contracts';
import { exportFiles, resolve, sellerInvoices } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { downloadSellerInvoiceCsv } from '../../services/payouts/seller-invoices.ts';

/** POST seller-invoice/download-csv-invoices {from, to, seller_id} → presigned link to the Gutschriften as CSV (seller: own). */
export const handler = http('POST seller-invoice/download-csv-invoices', async ({ actor, body }) => {
  const input = parse(sellerInvoiceExportSchema, body);
  return json(200, await downloadSellerInvoiceCsv(resolve({ sellerInvoices, exportFiles }), actor, input), {
    'cache-control': 'no-store',
  });
});
