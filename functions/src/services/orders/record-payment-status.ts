import type Stripe from 'stripe';
import { canMove, type PaymentStatus, type PaymentStatusChange } from '@gm/shared/payments/payment-status';
import type { StatusChangeOutcome } from '../../repositories/payment-repository.ts';
import type { Deps } from '../deps.ts';

/**
 * Consumer of the Stripe webhook: keeps each `Payment` (PAYMENT#<paymentId>) on the status Stripe
 * reports for its PaymentIntent, with the event that said so. The payment is found through the
 * intent's `metadata.payment_id`; events for intents the product did not create change nothing.
 */
export const PAYMENT_STATUS_EVENT_TYPES = [
  'payment_intent.requires_action',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.succeeded',
  'charge.refunded',
] as const;

const INTENT_STATUS: Record<string, PaymentStatus> = {
  'payment_intent.requires_action': 'requires_action',
  'payment_intent.processing': 'processing',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
  'payment_intent.succeeded': 'succeeded',
};

/** What one Stripe event says about a payment; undefined for events that change no payment status. */
export function statusChangeOf(event: Stripe.Event): PaymentStatusChange | undefined {
  const base = { eventId: event.id, eventCreated: event.created };
  switch (event.type) {
    case 'payment_intent.requires_action':
    case 'payment_intent.processing':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      const status = INTENT_STATUS[event.type] as PaymentStatus;
      const error = pi.last_payment_error;
      return {
        ...base,
        paymentId: pi.metadata?.payment_id,
        paymentIntentId: pi.id,
        status,
        ...(status === 'succeeded' ? { amountReceivedCents: pi.amount_received } : {}),
        ...(status === 'failed' && error
          ? {
              failure: {
                code: error.code ?? null,
                declineCode: error.decline_code ?? null,
                message: error.message ?? '',
              },
            }
          : {}),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!paymentIntentId) return undefined;
      return {
        ...base,
        // The charges of a PaymentIntent carry its metadata.
        paymentId: charge.metadata?.payment_id,
        paymentIntentId,
        status: charge.refunded ? 'refunded' : 'partially_refunded',
        amountRefundedCents: charge.amount_refunded,
      };
    }
    default:
      return undefined;
  }
}

export async function recordPaymentStatus(
  deps: Pick<Deps, 'paymentRecords' | 'clock'>,
  event: Stripe.Event,
): Promise<StatusChangeOutcome | 'not_a_status_change'> {
  const change = statusChangeOf(event);
  if (!change) return 'not_a_status_change';
  if (!change.paymentId) return 'unknown_payment';
  const outcome = await deps.paymentRecords.applyStatusChange(
    { ...change, paymentId: change.paymentId },
    deps.clock().toISOString(),
  );
  if (outcome === 'ignored' && (change.status === 'refunded' || change.status === 'partially_refunded')) {
    // Stripe does not order deliveries: a refund that arrives while the payment is still open (its
    // `payment_intent.succeeded` not yet applied) would be lost as a no-op. Throwing answers 500, and
    // Stripe delivers the refund again after the success.
    const payment = await deps.paymentRecords.get(change.paymentId);
    if (payment && canMove(payment.status, 'succeeded'))
      throw new Error(`Refund event ${change.eventId} arrived before the payment succeeded; waiting for redelivery.`);
    // The success was applied between the refund's write and this read: the refund may follow it now
    // (applied, or ignored for good if it is older than the last event applied).
    if (payment && canMove(payment.status, change.status))
      return deps.paymentRecords.applyStatusChange(
        { ...change, paymentId: change.paymentId },
        deps.clock().toISOString(),
      );
  }
  return outcome;
}
