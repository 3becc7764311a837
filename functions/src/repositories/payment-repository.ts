import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  PREDECESSORS,
  SAME_SECOND_PREDECESSORS,
  type PaymentStatus,
  type PaymentStatusChange,
} from '@gm/shared/payments/payment-status';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `PAYMENT#<paymentId>` / `PAYMENT` (docs/data-model.md "Payment"): one checkout's payment. The
 * checkout writes it (`created`) before it creates the PaymentIntent (idempotency key and
 * `metadata.payment_id` = paymentId); the webhook moves its Stripe status forward, never back.
 */
export type PaymentRecord = {
  id: string;
  status: PaymentStatus;
  /** Cents, computed by the server from the cart. */
  amount: number;
  currency: 'eur';
  /** `none`: a free order (total 0 €, e.g. a 100 % coupon), completed without Stripe. */
  payment_type: 'card' | 'bank' | 'wallet' | 'none';
  payer_user_id?: string;
  guest?: { email: string; first_name: string; last_name: string };
  cart_id?: string;
  order_ids?: string[];
  discount?: number;
  coupon_code?: string;
  country?: string;
  is_save?: boolean;
  stripe_payment_intent_id?: string;
  /** The last Stripe event applied, and its time (epoch s): older events are not applied. */
  last_event_id?: string;
  stripe_event_created?: number;
  amount_received?: number;
  amount_refunded?: number;
  failure_code?: string | null;
  decline_code?: string | null;
  failure_message?: string;
  created_at: string;
  updated_at: string;
  /** Set by the order completion (vouchers issued), not by a status change. */
  completed_at?: string;
  /** What the checkout priced, per cart line: the completion issues exactly this (a line edited after the payment started does not change it). */
  lines?: PaymentLine[];
  /** Set by the completion when the coupon had no uses left by then (the buyer keeps the discount paid for). */
  coupon_overdrawn?: boolean;
  /** When the confirmation mail went out (at least once, complete-payment.ts); unset = still owed. */
  mail_sent_at?: string;
  /** A run that is sending the confirmation mail holds this lease (ISO time); an expired lease may be taken over. */
  mail_lease_until?: string;
};

/** One priced cart line of a payment (cents). */
export type PaymentLine = {
  order_id: string;
  qty: number;
  value: number | null;
  total_qty: number;
  total_value: number;
  total_amount: number;
  /** The coupon discount that fell on this line. */
  discount: number;
};

export type NewPayment = Omit<
  PaymentRecord,
  | 'status'
  | 'updated_at'
  | 'last_event_id'
  | 'stripe_event_created'
  | 'amount_received'
  | 'amount_refunded'
  | 'failure_code'
  | 'decline_code'
  | 'failure_message'
  | 'completed_at'
  | 'coupon_overdrawn'
  | 'mail_sent_at'
  | 'mail_lease_until'
>;

export const paymentKeys = {
  item: (paymentId: string) => ({ PK: `PAYMENT#${paymentId}`, SK: 'PAYMENT' }),
  /** GSI1: a buyer's or a guest cart's payments, oldest first. */
  byPayer: (record: Pick<PaymentRecord, 'payer_user_id' | 'cart_id' | 'created_at' | 'id'>) => {
    const pk = record.payer_user_id
      ? `USER#${record.payer_user_id}#PAYMENTS`
      : record.cart_id
        ? `GUEST_CART#${record.cart_id}#PAYMENTS`
        : undefined;
    return pk ? { GSI1PK: pk, GSI1SK: `${record.created_at}#${record.id}` } : {};
  },
};

/** How a status change ended: written, refused as stale or backwards, or for no payment of ours. */
export type StatusChangeOutcome = 'applied' | 'ignored' | 'unknown_payment';

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;

export function createPaymentRepository(db: DynamoDBDocumentClient, tableName: string) {
  const item = (record: NewPayment) => ({
    ...paymentKeys.item(record.id),
    ...paymentKeys.byPayer(record),
    entity: 'Payment',
    ...record,
    status: 'created' as const,
    updated_at: record.created_at,
  });

  return {
    /** Written once, before the PaymentIntent exists. */
    async create(record: NewPayment): Promise<void> {
      await db.send(
        new PutCommand({ TableName: tableName, Item: item(record), ConditionExpression: 'attribute_not_exists(PK)' }),
      );
    },

    /** The same, as part of a checkout transaction (e.g. with the coupon reservation). */
    createPart(record: NewPayment): TransactionPart {
      return { Put: { TableName: tableName, Item: item(record), ConditionExpression: 'attribute_not_exists(PK)' } };
    },

    async get(paymentId: string): Promise<PaymentRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: paymentKeys.item(paymentId), ConsistentRead: true }),
      );
      return Item ? toPaymentRecord(Item) : undefined;
    },

    /** Links the PaymentIntent once; false if the payment is gone or already has another intent. */
    async attachIntent(paymentId: string, paymentIntentId: string, at: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: paymentKeys.item(paymentId),
            UpdateExpression: 'SET stripe_payment_intent_id = :pi, updated_at = :at',
            ConditionExpression:
              'attribute_exists(PK) AND (attribute_not_exists(stripe_payment_intent_id) OR stripe_payment_intent_id = :pi)',
            ExpressionAttributeValues: { ':pi': paymentIntentId, ':at': at },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /**
     * The completion's last step (data-model §4.4): sets `completed_at` once (condition: not set), with
     * `extra` parts in the same transaction (the coupon use). Answers false when it was already set.
     * The confirmation mail's lease is the mail worker's (claimMail).
     */
    async markCompleted(
      paymentId: string,
      at: string,
      extra: TransactionPart[] = [],
      couponOverdrawn = false,
    ): Promise<boolean> {
      const update: TransactionPart = {
        Update: {
          TableName: tableName,
          Key: paymentKeys.item(paymentId),
          UpdateExpression: `SET completed_at = :at, updated_at = :at${couponOverdrawn ? ', coupon_overdrawn = :true' : ''}`,
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(completed_at)',
          ExpressionAttributeValues: {
            ':at': at,
            ...(couponOverdrawn ? { ':true': true } : {}),
          },
        },
      };
      try {
        await db.send(new TransactWriteCommand({ TransactItems: [update, ...extra] }));
        return true;
      } catch (error) {
        const failed = failedConditions(error);
        if (failed?.includes(0)) return false;
        throw error;
      }
    },

    /**
     * Claims the sending of the confirmation mail until `until` (conditional write): only for a
     * completed payment whose mail is not sent and whose lease is absent or expired at `now`.
     * Answers `claimed`, `sent` (nothing owed) or `leased` (another run holds a live lease).
     */
    async claimMail(
      paymentId: string,
      now: string,
      until: string,
    ): Promise<{ claimed: PaymentRecord } | 'sent' | 'leased'> {
      try {
        // The claim answers the payment it leased: the worker needs no second read.
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: paymentKeys.item(paymentId),
            UpdateExpression: 'SET mail_lease_until = :until',
            ConditionExpression:
              'attribute_exists(completed_at) AND attribute_not_exists(mail_sent_at) AND (attribute_not_exists(mail_lease_until) OR mail_lease_until <= :now)',
            ExpressionAttributeValues: { ':until': until, ':now': now },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { claimed: toPaymentRecord(Attributes!) };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const { Item } = await db.send(
          new GetCommand({
            TableName: tableName,
            Key: paymentKeys.item(paymentId),
            ConsistentRead: true,
            ProjectionExpression: 'completed_at, mail_sent_at',
          }),
        );
        // Sent, or not completed (nothing to send yet): either way nothing is owed by this run.
        return Item?.mail_sent_at || !Item?.completed_at ? 'sent' : 'leased';
      }
    },

    /** The mail went out under the lease `until`: records it (sent once is final) and drops the lease. */
    async markMailSent(paymentId: string, at: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: paymentKeys.item(paymentId),
          UpdateExpression: 'SET mail_sent_at = if_not_exists(mail_sent_at, :at) REMOVE mail_lease_until',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    },

    /** Sending failed: gives the lease back (only if it is still ours), so a retry can send at once. */
    async releaseMail(paymentId: string, until: string): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: paymentKeys.item(paymentId),
            UpdateExpression: 'REMOVE mail_lease_until',
            ConditionExpression: 'mail_lease_until = :until',
            ExpressionAttributeValues: { ':until': until },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },

    /**
     * Applies a Stripe status change in one conditional write: only from an allowed predecessor
     * status (payment-status.ts), only for the payment's own intent, and only if the event is not
     * older than the last one applied. Re-deliveries and out-of-order events are no-ops.
     */
    async applyStatusChange(
      change: PaymentStatusChange & { paymentId: string },
      at: string,
    ): Promise<StatusChangeOutcome> {
      const from = PREDECESSORS[change.status];
      if (from.length === 0) return 'ignored';
      const names: Record<string, string> = { '#status': 'status' };
      const values: Record<string, unknown> = {
        ':status': change.status,
        ':pi': change.paymentIntentId,
        ':event': change.eventId,
        ':created': change.eventCreated,
        ':at': at,
      };
      const sets = [
        '#status = :status',
        'stripe_payment_intent_id = :pi',
        'last_event_id = :event',
        'stripe_event_created = :created',
        'updated_at = :at',
      ];
      const removes: string[] = [];
      from.forEach((status, i) => (values[`:from${i}`] = status));
      const sameSecond = SAME_SECOND_PREDECESSORS[change.status];
      sameSecond.forEach((status, i) => (values[`:same${i}`] = status));
      if (change.amountReceivedCents !== undefined) {
        sets.push('amount_received = :received');
        values[':received'] = change.amountReceivedCents;
      }
      if (change.amountRefundedCents !== undefined) {
        sets.push('amount_refunded = :refunded');
        values[':refunded'] = change.amountRefundedCents;
      }
      if (change.failure) {
        sets.push('failure_code = :fcode', 'decline_code = :dcode', 'failure_message = :fmsg');
        Object.assign(values, {
          ':fcode': change.failure.code,
          ':dcode': change.failure.declineCode,
          ':fmsg': change.failure.message,
        });
      } else if (change.status === 'succeeded') {
        removes.push('failure_code', 'decline_code', 'failure_message');
      }
      const condition = [
        'attribute_exists(PK)',
        `#status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
        '(attribute_not_exists(stripe_payment_intent_id) OR stripe_payment_intent_id = :pi)',
        // shouldApply in shared/src/payments/payment-status.ts states the same rule.
        `(attribute_not_exists(stripe_event_created) OR stripe_event_created < :created OR (stripe_event_created = :created AND #status IN (${sameSecond.map((_, i) => `:same${i}`).join(', ')})))`,
      ].join(' AND ');
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: paymentKeys.item(change.paymentId),
            UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
            ConditionExpression: condition,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return 'applied';
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const old = (error as { Item?: Record<string, unknown> }).Item;
        if (!old) return 'unknown_payment';
        // Another intent than the payment's own: not ours to record.
        const intent = old.stripe_payment_intent_id as { S?: string } | string | undefined;
        const intentId = typeof intent === 'string' ? intent : intent?.S;
        return intentId && intentId !== change.paymentIntentId ? 'unknown_payment' : 'ignored';
      }
    },
  };
}

function toPaymentRecord(item: Record<string, unknown>): PaymentRecord {
  return withoutKeys(item) as PaymentRecord;
}
