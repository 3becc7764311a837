import { CART_ID_HEADER } from '@gm/shared/orders/contracts';
import { paymentRecords, resolve } from '../../lib/deps.ts';
import { payments } from '../../lib/deps/payments.ts';
import { http, json } from '../../lib/http.ts';
import { getPayment } from '../../services/orders/start-payment.ts';

/** GET order/payment/{id}: the payment's state for its payer (the buyer, or the same x-cart-id), polled until `completed`. */
export const handler = http('GET order/payment/{id}', async ({ actor, headers, params }) => {
  const cartId = headers[CART_ID_HEADER]?.trim().toLowerCase();
  const payer = { ...(actor ? { userId: actor.userId } : {}), ...(cartId ? { cartId } : {}) };
  return json(200, { data: await getPayment(resolve({ paymentRecords, payments }), payer, params.id ?? '') });
});
