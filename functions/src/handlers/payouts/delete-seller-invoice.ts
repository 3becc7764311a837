import { resolve, sellerInvoices } from '../../lib/deps.ts';
import { http } from '../../lib/http.ts';
import { deleteSellerInvoice } from '../../services/payouts/seller-invoices.ts';

/** DELETE seller-invoice/{id} (admin): always refused (422) — issued Gutschriften are kept (docs/decisions/payouts.md). */
export const handler = http('DELETE seller-invoice/{id}', async ({ params }) =>
  deleteSellerInvoice(resolve({ sellerInvoices }), params.id ?? ''),
);
