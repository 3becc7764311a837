import { privateFileReader, resolve, sellerInvoices } from '../../lib/deps.ts';
import { file, http } from '../../lib/http.ts';
import { sellerInvoicePdf } from '../../services/payouts/seller-invoice-pdfs.ts';

/** GET seller-invoice/{id}/pdf: the Gutschrift (admin, or the seller it belongs to). */
export const handler = http('GET seller-invoice/{id}/pdf', async ({ actor, params }) => {
  const pdf = await sellerInvoicePdf(resolve({ sellerInvoices, privateFileReader }), actor, params.id ?? '');
  const answer = file(pdf.data, 'application/pdf', pdf.filename);
  return { ...answer, headers: { ...answer.headers, 'cache-control': 'private, no-store' } };
});
