import type Stripe from 'stripe';
import type { Deps } from '../deps.ts';
import { completePaymentOnEvent, type CompletionDeps } from './complete-payment.ts';
import { ACCOUNT_EVENT_TYPES, recordAccountStatus } from '../payouts/connect-onboarding.ts';
import { PAYMENT_STATUS_EVENT_TYPES, recordPaymentStatus } from './record-payment-status.ts';

/**
 * Who acts on which Stripe event: the webhook (receive-stripe-event.ts) runs every consumer
 * registered for the event's type, in this order, once per event. A consumer must be idempotent on
 * its own as well (a run that fails half-way is retried as a whole) and throws to have Stripe
 * deliver the event again.
 *
 * Registered: the Payment status record, then the order completion on `payment_intent.succeeded`
 * (complete-payment.ts: issues the vouchers, data-model §4.4), and the Connect account status on
 * `account.updated` (payouts/connect-onboarding.ts, issue 12). The webhook handler resolves the
 * union of their dependencies.
 */
export type PaymentEventDeps = Pick<Deps, 'paymentRecords' | 'payoutAccounts' | 'clock'> & CompletionDeps;

export type PaymentEventConsumer = {
  name: string;
  types: readonly string[];
  handle(deps: PaymentEventDeps, event: Stripe.Event): Promise<unknown>;
};

export type PaymentEventRegistry = {
  /** Every event type some consumer handles: the webhook endpoint's subscription (Stripe Dashboard / local stand-in). */
  types(): string[];
  handles(type: string): boolean;
  dispatch(deps: PaymentEventDeps, event: Stripe.Event): Promise<void>;
};

export function createPaymentEventRegistry(consumers: readonly PaymentEventConsumer[]): PaymentEventRegistry {
  return {
    types: () => [...new Set(consumers.flatMap((c) => c.types))],
    handles: (type) => consumers.some((c) => c.types.includes(type)),
    async dispatch(deps, event) {
      for (const consumer of consumers) {
        if (consumer.types.includes(event.type)) await consumer.handle(deps, event);
      }
    },
  };
}

export const paymentEvents = createPaymentEventRegistry([
  { name: 'payment-status', types: PAYMENT_STATUS_EVENT_TYPES, handle: recordPaymentStatus },
  { name: 'order-completion', types: ['payment_intent.succeeded'], handle: completePaymentOnEvent },
  { name: 'connect-account-status', types: ACCOUNT_EVENT_TYPES, handle: recordAccountStatus },
]);
