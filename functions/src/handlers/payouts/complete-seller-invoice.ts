import { PAYOUT_TEXT, updateSellerInvoiceSchema } from '@gm/shared/payouts/contracts';
import { audit, clock, newId, resolve, sellerInvoices } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { completeSellerInvoicePayment } from '../../services/payouts/seller-invoices.ts';

/** PUT seller-invoice/{id} {isCompleted:true} (admin): 'Zahlung abgeschlossen' for a manual or failed transfer. */
export const handler = http('PUT seller-invoice/{id}', async ({ actor, params, body }) => {
  parse(updateSellerInvoiceSchema, body);
  const data = await completeSellerInvoicePayment(
    resolve({ sellerInvoices, audit, clock, newId }),
    actor,
    params.id ?? '',
  );
  return json(200, { message: PAYOUT_TEXT.markedComplete, data });
});
