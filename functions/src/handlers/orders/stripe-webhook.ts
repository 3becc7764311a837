import { payoutAccounts, resolve, stripeEvents } from '../../lib/deps.ts';
import { completionProviders } from '../../lib/deps/payments.ts';
import { http, json } from '../../lib/http.ts';
import { receiveStripeEvent } from '../../services/orders/receive-stripe-event.ts';

/**
 * Stripe's webhook. The signature covers the exact bytes Stripe sent, so the body is read from the
 * event itself (base64 when API Gateway marks it so), never from the parsed JSON.
 */
export const handler = http('POST stripe/webhook', async ({ event, headers }) => {
  const raw = event.body === undefined ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
  const deps = resolve({ ...completionProviders, stripeEvents, payoutAccounts });
  return json(200, await receiveStripeEvent(deps, raw, headers['stripe-signature']));
});
