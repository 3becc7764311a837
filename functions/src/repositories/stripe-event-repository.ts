import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `STRIPE_EVENT#<event id>` / `EVENT` (docs/data-model.md "StripeEvent"): each Stripe event is
 * processed once however often it is delivered. A delivery first **claims** the event (a conditional
 * write; the claim is a lease, so a crashed run does not block it for ever), runs the consumers,
 * then marks it `done`. A failed run gives the claim back, so Stripe's retry processes it again.
 */
export type StripeEventRecord = {
  event_id: string;
  type: string;
  state: 'processing' | 'done';
  /** How many deliveries ran the consumers (1 unless a run failed or crashed). */
  claims: number;
  received_at: string;
  processed_at?: string;
  lease_until?: string;
};

export type ClaimResult = { outcome: 'claimed'; token: string } | { outcome: 'done' } | { outcome: 'in_progress' };

export const stripeEventKeys = {
  item: (eventId: string) => ({ PK: `STRIPE_EVENT#${eventId}`, SK: 'EVENT' }),
};

/** Stripe retries for three days; the record outlives that (TTL attribute `ttl`). */
const RETENTION_SECONDS = 30 * 24 * 60 * 60;

export type StripeEventRepository = ReturnType<typeof createStripeEventRepository>;

export function createStripeEventRepository(db: DynamoDBDocumentClient, tableName: string) {
  async function get(eventId: string): Promise<StripeEventRecord | undefined> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: stripeEventKeys.item(eventId), ConsistentRead: true }),
    );
    if (!Item) return undefined;
    return withoutKeys(Item, 'ttl', 'claim_token') as StripeEventRecord;
  }

  return {
    get,

    /** Claims the event for one run; `done` when it was processed before, `in_progress` while another run holds it. */
    async claim(eventId: string, type: string, now: Date, leaseMs: number, token: string): Promise<ClaimResult> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: stripeEventKeys.item(eventId),
            UpdateExpression:
              'SET entity = :entity, event_id = :id, #type = :type, #state = :processing, claim_token = :token, lease_until = :lease, received_at = if_not_exists(received_at, :now), #ttl = :ttl ADD claims :one',
            ConditionExpression: 'attribute_not_exists(PK) OR (#state = :processing AND lease_until < :now)',
            ExpressionAttributeNames: { '#type': 'type', '#state': 'state', '#ttl': 'ttl' },
            ExpressionAttributeValues: {
              ':entity': 'StripeEvent',
              ':id': eventId,
              ':type': type,
              ':processing': 'processing',
              ':token': token,
              ':lease': new Date(now.getTime() + leaseMs).toISOString(),
              ':now': now.toISOString(),
              ':ttl': Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
              ':one': 1,
            },
          }),
        );
        return { outcome: 'claimed', token };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const current = await get(eventId);
        return current?.state === 'done' ? { outcome: 'done' } : { outcome: 'in_progress' };
      }
    },

    /** Marks the claimed event processed; false if the lease was lost to another run meanwhile. */
    async complete(eventId: string, token: string, now: Date): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: stripeEventKeys.item(eventId),
            UpdateExpression: 'SET #state = :done, processed_at = :now REMOVE claim_token, lease_until',
            ConditionExpression: 'claim_token = :token',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':done': 'done', ':now': now.toISOString(), ':token': token },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /** Gives a failed run's claim back (its lease ends now), so the next delivery processes the event. */
    async release(eventId: string, token: string): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: stripeEventKeys.item(eventId),
            UpdateExpression: 'SET lease_until = :expired REMOVE claim_token',
            ConditionExpression: 'claim_token = :token AND #state = :processing',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':token': token,
              ':processing': 'processing',
              ':expired': new Date(0).toISOString(),
            },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },
  };
}
