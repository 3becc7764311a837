import { resolve, sellerInvoices } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getSellerInvoice } from '../../services/payouts/seller-invoices.ts';

/** GET seller-invoice/{id} (admin, or the seller it belongs to; anyone else 404). */
export const handler = http('GET seller-invoice/{id}', async ({ actor, params }) =>
  json(200, { data: await getSellerInvoice(resolve({ sellerInvoices }), actor, params.id ?? '') }),
);
