import { invoiceExportRequestSchema } from '@gm/shared/seller/dashboard';
import { exportFiles, resolve, sellerDashboard } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { downloadBuyerPdfInvoices } from '../../services/seller/invoice-exports.ts';

/** POST seller-invoice/download-buyer-pdf-invoices {from, to, zip, seller_id} → a presigned link `{url, expires_in, filename}` to the zip of the period's invoice PDFs (seller: own; admin: any). */
export const handler = http('POST seller-invoice/download-buyer-pdf-invoices', async ({ actor, body }) => {
  const input = parse(invoiceExportRequestSchema, body);
  return json(200, await downloadBuyerPdfInvoices(resolve({ sellerDashboard, exportFiles }), actor, input), {
    'cache-control': 'no-store',
  });
});
