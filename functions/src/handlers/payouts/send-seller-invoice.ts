import { PAYOUT_TEXT } from '@gm/shared/payouts/contracts';
import { audit, clock, mailQueue, newId, privateFileReader, resolve, sellerInvoices, users } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { sendSellerInvoice } from '../../services/payouts/seller-invoices.ts';

/** GET seller-invoice/send-invoice/{id} (admin): mails the Gutschrift with its PDF to the seller and marks it sent. */
export const handler = http('GET seller-invoice/send-invoice/{id}', async ({ actor, params }) => {
  const data = await sendSellerInvoice(
    resolve({ sellerInvoices, privateFileReader, users, mailQueue, audit, clock, newId }),
    actor,
    params.id ?? '',
  );
  return json(200, { message: PAYOUT_TEXT.invoiceSent, data });
});
