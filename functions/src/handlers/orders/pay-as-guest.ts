import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { CART_ID_HEADER, paymentRequestSchema } from '@gm/shared/orders/contracts';
import { salesPause, idempotency, resolve, stripeCustomers } from '../../lib/deps.ts';
import { completionProviders } from '../../lib/deps/payments.ts';
import { http, json, parse } from '../../lib/http.ts';
import { idempotencyKey, requestHash, withIdempotency } from '../../services/idempotency.ts';
import { guestCartOwner } from '../../services/orders/cart-line.ts';
import { startPayment } from '../../services/orders/start-payment.ts';

/** POST order/guest/payment: a guest pays the x-cart-id cart, card only; name and e-mail in `guest`. Idempotency-Key required. */
export const handler = http('POST order/guest/payment', async ({ body, headers, tenant }) => {
  const owner = guestCartOwner(headers[CART_ID_HEADER]);
  const cartId = owner.kind === 'guest' ? owner.cartId : '';
  const key = idempotencyKey(headers[IDEMPOTENCY_KEY_HEADER]);
  const input = parse(paymentRequestSchema, body);
  const deps = resolve({ ...completionProviders, salesPause, idempotency, stripeCustomers });
  const answer = await withIdempotency(
    deps,
    `guest:${cartId}`,
    key,
    requestHash('POST order/guest/payment', body),
    async () => ({
      statusCode: 200,
      body: { data: await startPayment(deps, { kind: 'guest', cartId }, input, tenant) },
    }),
  );
  return json(answer.statusCode, answer.body);
});
