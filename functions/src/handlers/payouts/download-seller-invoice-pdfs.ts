import { sellerInvoiceExportSchema } from '@gm/shared/payouts/contracts';
import { exportFiles, privateFileReader, resolve, sellerInvoices } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { downloadSellerInvoicePdfs } from '../../services/payouts/seller-invoice-pdfs.ts';

/** POST seller-invoice/download-pdf-invoices {from, to, seller_id} → presigned link to a zip of the Gutschriften (seller: own). */
export const handler = http('POST seller-invoice/download-pdf-invoices', async ({ actor, body }) => {
  const input = parse(sellerInvoiceExportSchema, body);
  return json(
    200,
    await downloadSellerInvoicePdfs(resolve({ sellerInvoices, privateFileReader, exportFiles }), actor, input),
    { 'cache-control': 'no-store' },
  );
});
