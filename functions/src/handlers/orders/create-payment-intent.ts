import { paymentIntentRequestSchema } from '@gm/shared/orders/checkout-extras';
import { CART_ID_HEADER } from '@gm/shared/orders/contracts';
import {
  salesPause,
  clock,
  coupons,
  newId,
  orders,
  paymentRecords,
  resolve,
  stripeCustomers,
  users,
  vouchers,
} from '../../lib/deps.ts';
import { payments } from '../../lib/deps/payments.ts';
import { http, json, parse } from '../../lib/http.ts';
import { guestCartOwner } from '../../services/orders/cart-line.ts';
import { createCartPaymentIntent } from '../../services/orders/payment-intent.ts';

/** POST order/payment/paymentintent: a card PaymentIntent for the caller's cart (buyer by token, guest by x-cart-id) → client_secret. */
export const handler = http('POST order/payment/paymentintent', async ({ actor, body, headers, tenant }) => {
  const input = parse(paymentIntentRequestSchema, body);
  const deps = resolve({
    orders,
    vouchers,
    coupons,
    paymentRecords,
    payments,
    salesPause,
    clock,
    newId,
    stripeCustomers,
    users,
  });
  if (actor)
    return json(200, {
      data: await createCartPaymentIntent(
        deps,
        { kind: 'user', userId: actor.userId, email: actor.email },
        input,
        tenant,
      ),
    });
  const owner = guestCartOwner(headers[CART_ID_HEADER]);
  return json(200, {
    data: await createCartPaymentIntent(
      deps,
      { kind: 'guest', cartId: owner.kind === 'guest' ? owner.cartId : '' },
      input,
      tenant,
    ),
  });
});
