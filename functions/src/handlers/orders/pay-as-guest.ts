import { CART_ID_HEADER, paymentRequestSchema } from '@gm/shared/orders/contracts';
import { appStatus, appUrl, clock, coupons, newId, orders, paymentRecords, payments, resolve, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { guestCartOwner } from '../../services/orders/cart-line.ts';
import { startPayment } from '../../services/orders/start-payment.ts';

/** POST order/guest/payment: a guest pays the x-cart-id cart, card only; name and e-mail in `guest`. */
export const handler = http('POST order/guest/payment', async ({ body, headers }) => {
  const owner = guestCartOwner(headers[CART_ID_HEADER]);
  const input = parse(paymentRequestSchema, body);
  const deps = resolve({ orders, vouchers, coupons, paymentRecords, payments, appStatus, clock, newId, appUrl });
  return json(200, { data: await startPayment(deps, { kind: 'guest', cartId: owner.kind === 'guest' ? owner.cartId : '' }, input) });
});
