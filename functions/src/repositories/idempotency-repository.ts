import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `IDEMPOTENCY#<principal>#<key>` / `IDEMPOTENCY` (docs/data-model.md "Idempotency"): one record per
 * client `Idempotency-Key`. `begin` puts it `in_progress` only if none exists (or the old one expired
 * or its run is long dead), `complete` stores the answer (`done`), `release` deletes it after a
 * failed run so the client may try again with the same key.
 */
export type StoredResponse = { statusCode: number; body: unknown };
export type IdempotencyRecord = {
  principal: string;
  key: string;
  request_hash: string;
  state: 'in_progress' | 'done';
  response?: StoredResponse;
  created_at: string;
  lease_until: string;
};
export type BeginResult = { outcome: 'started' } | { outcome: 'existing'; record: IdempotencyRecord };

export const idempotencyKeys = {
  item: (principal: string, key: string) => ({ PK: `IDEMPOTENCY#${principal}#${key}`, SK: 'IDEMPOTENCY' }),
};

/** 24 h (TTL attribute `ttl`). */
export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 60 * 60;
/** A run older than this is dead (Lambda timeouts are far shorter), so its key may be taken over. */
export const IDEMPOTENCY_LEASE_MS = 5 * 60 * 1000;
/** Stored answers stay well below DynamoDB's 400 KB item limit. */
export const MAX_STORED_RESPONSE_BYTES = 350 * 1024;

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;

export function createIdempotencyRepository(db: DynamoDBDocumentClient, tableName: string) {
  async function get(principal: string, key: string): Promise<IdempotencyRecord | undefined> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: idempotencyKeys.item(principal, key), ConsistentRead: true }),
    );
    if (!Item) return undefined;
    return withoutKeys(Item, 'ttl') as IdempotencyRecord;
  }

  return {
    get,

    async begin(principal: string, key: string, requestHash: string, now: Date): Promise<BeginResult> {
      const nowEpoch = Math.floor(now.getTime() / 1000);
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...idempotencyKeys.item(principal, key),
              entity: 'Idempotency',
              principal,
              key,
              request_hash: requestHash,
              state: 'in_progress',
              created_at: now.toISOString(),
              lease_until: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString(),
              ttl: nowEpoch + IDEMPOTENCY_RETENTION_SECONDS,
            },
            ConditionExpression:
              'attribute_not_exists(PK) OR #ttl < :nowEpoch OR (#state = :inProgress AND lease_until < :now)',
            ExpressionAttributeNames: { '#ttl': 'ttl', '#state': 'state' },
            ExpressionAttributeValues: {
              ':nowEpoch': nowEpoch,
              ':inProgress': 'in_progress',
              ':now': now.toISOString(),
            },
          }),
        );
        return { outcome: 'started' };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const record = await get(principal, key);
        // Deleted between the put and the read (a failed run released it): the client may simply retry.
        if (!record)
          return {
            outcome: 'existing',
            record: {
              principal,
              key,
              request_hash: requestHash,
              state: 'in_progress',
              created_at: now.toISOString(),
              lease_until: now.toISOString(),
            },
          };
        return { outcome: 'existing', record };
      }
    },

    /** Stores the answer; only the run that began the record (still `in_progress` with its hash) may. */
    async complete(principal: string, key: string, requestHash: string, response: StoredResponse): Promise<void> {
      const size = Buffer.byteLength(JSON.stringify(response));
      if (size > MAX_STORED_RESPONSE_BYTES) throw new Error(`Idempotent response too large to store (${size} bytes)`);
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: idempotencyKeys.item(principal, key),
          UpdateExpression: 'SET #state = :done, #response = :response REMOVE lease_until',
          ConditionExpression: '#state = :inProgress AND request_hash = :hash',
          ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
          ExpressionAttributeValues: {
            ':done': 'done',
            ':inProgress': 'in_progress',
            ':hash': requestHash,
            ':response': response,
          },
        }),
      );
    },

    /** Deletes an unfinished record after a failed run, so the same key may be used again. */
    async release(principal: string, key: string, requestHash: string): Promise<void> {
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: idempotencyKeys.item(principal, key),
            ConditionExpression: '#state = :inProgress AND request_hash = :hash',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':inProgress': 'in_progress', ':hash': requestHash },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },
  };
}
