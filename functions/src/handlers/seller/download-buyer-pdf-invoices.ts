import { invoiceExportRequestSchema } from '@gm/shared/seller/dashboard';
import { resolve, sellerDashboard } from '../../lib/deps.ts';
import { file, http, parse } from '../../lib/http.ts';
import { downloadBuyerPdfInvoices } from '../../services/seller/invoice-exports.ts';

/** POST seller-invoice/download-buyer-pdf-invoices {from, to, zip, seller_id} → zip of the period's invoice PDFs (seller: own; admin: any). */
export const handler = http('POST seller-invoice/download-buyer-pdf-invoices', async ({ actor, body }) => {
  const input = parse(invoiceExportRequestSchema, body);
  const out = await downloadBuyerPdfInvoices(resolve({ sellerDashboard }), actor, input);
  return file(out.data, out.contentType, out.filename);
});
