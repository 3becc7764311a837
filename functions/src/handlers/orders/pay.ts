import { paymentRequestSchema } from '@gm/shared/orders/contracts';
import { appStatus, appUrl, clock, coupons, newId, orders, paymentRecords, payments, resolve, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { startPayment } from '../../services/orders/start-payment.ts';

/** POST order/payment: the buyer pays the cart (card or bank redirect); the webhook issues the vouchers. */
export const handler = http('POST order/payment', async ({ actor, body }) => {
  const input = parse(paymentRequestSchema, body);
  const deps = resolve({ orders, vouchers, coupons, paymentRecords, payments, appStatus, clock, newId, appUrl });
  return json(200, { data: await startPayment(deps, { kind: 'user', userId: actor.userId, email: actor.email }, input) });
});
