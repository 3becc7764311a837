import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { paymentRequestSchema } from '@gm/shared/orders/contracts';
import { salesPause, idempotency, resolve, stripeCustomers } from '../../lib/deps.ts';
import { completionProviders } from '../../lib/deps/payments.ts';
import { http, json, parse } from '../../lib/http.ts';
import { idempotencyKey, requestHash, withIdempotency } from '../../services/idempotency.ts';
import { startPayment } from '../../services/orders/start-payment.ts';

/** POST order/payment: the buyer pays the cart (card or bank redirect); the webhook issues the vouchers. Idempotency-Key required. */
export const handler = http('POST order/payment', async ({ actor, body, headers, tenant }) => {
  const key = idempotencyKey(headers[IDEMPOTENCY_KEY_HEADER]);
  const input = parse(paymentRequestSchema, body);
  const deps = resolve({ ...completionProviders, salesPause, idempotency, stripeCustomers });
  const answer = await withIdempotency(deps, actor.userId, key, requestHash('POST order/payment', body), async () => ({
    statusCode: 200,
    body: { data: await startPayment(deps, { kind: 'user', userId: actor.userId, email: actor.email }, input, tenant) },
  }));
  return json(answer.statusCode, answer.body);
});
