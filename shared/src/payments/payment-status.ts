/**
 * The status of a `Payment` (docs/data-model.md) as Stripe reports it, and the only moves it may
 * make. Stripe delivers events at least once and in no guaranteed order, so an update is applied
 * only if it moves the status forward from one of `PREDECESSORS[to]` and its event is not older
 * than the last one applied. A succeeded payment never goes back; only refunds follow it.
 */
export const PAYMENT_STATUSES = [
  'created',
  'requires_action',
  'processing',
  'failed',
  'canceled',
  'succeeded',
  'partially_refunded',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Not settled yet: a buyer may still pay (again), e.g. with another card after a decline. */
const OPEN: readonly PaymentStatus[] = ['created', 'requires_action', 'processing', 'failed'];

export const PREDECESSORS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  created: [],
  requires_action: OPEN,
  processing: OPEN,
  failed: OPEN,
  canceled: OPEN,
  succeeded: OPEN,
  partially_refunded: ['succeeded', 'partially_refunded'],
  refunded: ['succeeded', 'partially_refunded'],
};

/**
 * Stripe's event times are whole seconds, and its deliveries may arrive in any order. Within the second
 * of the last applied event, an attempt's intermediate states may only follow earlier ones: a late
 * `requires_action` or `processing` of the same second must not undo its `failed` (the buyer would
 * wait for a payment that already failed). Final states keep all their moves, so a retry right after
 * a decline still succeeds.
 */
export const SAME_SECOND_PREDECESSORS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  ...PREDECESSORS,
  requires_action: ['created'],
  processing: ['created', 'requires_action'],
};

export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return PREDECESSORS[to].includes(from);
}

/** What one Stripe event says about a payment (functions/src/services/orders/record-payment-status.ts reads it off the event). */
export type PaymentStatusChange = {
  /** Our payment id from `metadata.payment_id`; undefined for intents the product did not create. */
  paymentId: string | undefined;
  paymentIntentId: string;
  status: PaymentStatus;
  eventId: string;
  /** Stripe's event time (epoch seconds): older events never overwrite newer ones. */
  eventCreated: number;
  amountReceivedCents?: number;
  amountRefundedCents?: number;
  failure?: { code: string | null; declineCode: string | null; message: string };
};

/**
 * Whether a change applies to a payment in its current state: the rule the payment repository's
 * conditional update enforces in DynamoDB (kept here in one readable place, and unit-tested).
 */
export function shouldApply(
  current: {
    status: PaymentStatus;
    stripe_payment_intent_id?: string | undefined;
    stripe_event_created?: number | undefined;
  },
  change: Pick<PaymentStatusChange, 'status' | 'paymentIntentId' | 'eventCreated'>,
): boolean {
  if (!canMove(current.status, change.status)) return false;
  if (current.stripe_payment_intent_id && current.stripe_payment_intent_id !== change.paymentIntentId) return false;
  if (current.stripe_event_created === undefined || current.stripe_event_created < change.eventCreated) return true;
  return (
    current.stripe_event_created === change.eventCreated &&
    SAME_SECOND_PREDECESSORS[change.status].includes(current.status)
  );
}
