import { ConflictError, HttpError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { paymentEvents, type PaymentEventDeps, type PaymentEventRegistry } from './payment-events.ts';

/** Longer than a Lambda run (10 s), shorter than Stripe's first retry: a crashed run's claim expires in time. */
export const EVENT_LEASE_MS = 60_000;

export type WebhookAnswer = { received: true; duplicate?: true; ignored?: true };

/**
 * `POST stripe/webhook`: verifies the signature over the raw body (400 otherwise, nothing written),
 * then processes each event id once: claim (STRIPE_EVENT#<id>) → consumers → done. A re-delivery of
 * a processed event is acknowledged (200) without running anything; one that arrives while another
 * delivery runs gets 409, so Stripe tries again later; a failing consumer releases the claim and
 * answers 500, so Stripe re-delivers and the event is processed again.
 */
export async function receiveStripeEvent(
  deps: Pick<Deps, 'payments' | 'stripeEvents' | 'newId' | 'log' | 'metrics'> & PaymentEventDeps,
  rawBody: string | Uint8Array,
  signature: string | undefined,
  registry: PaymentEventRegistry = paymentEvents,
): Promise<WebhookAnswer> {
  const event = await deps.payments.verifyWebhook(rawBody, signature).catch((error: unknown) => {
    // The adapter's 400: a forged delivery, or a signing secret that no longer matches Stripe's (alarmed).
    if (error instanceof HttpError && error.statusCode === 400) {
      deps.metrics.count('WebhookSignatureFailures');
      deps.log.warn('stripe webhook signature refused');
    }
    throw error;
  });
  // Types nobody consumes (the endpoint may be subscribed to more): acknowledged, nothing written.
  if (!registry.handles(event.type)) return { received: true, ignored: true };

  const claim = await deps.stripeEvents.claim(event.id, event.type, deps.clock(), EVENT_LEASE_MS, deps.newId());
  if (claim.outcome === 'done') return { received: true, duplicate: true };
  if (claim.outcome === 'in_progress') throw new ConflictError('Dieses Ereignis wird gerade verarbeitet.');

  try {
    await registry.dispatch(deps, event);
  } catch (error) {
    await deps.stripeEvents.release(event.id, claim.token).catch(() => undefined);
    // A 409 (another run holds the mail lease) is Stripe's normal retry, not a failure.
    if (!(error instanceof ConflictError)) {
      deps.metrics.count('WebhookFailures');
      deps.log.error('stripe event failed', { eventId: event.id, type: event.type, error });
    }
    throw error;
  }
  await deps.stripeEvents.complete(event.id, claim.token, deps.clock());
  return { received: true };
}
