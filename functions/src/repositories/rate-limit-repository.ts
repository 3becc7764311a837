import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './transaction-errors.ts';

export type RateLimiter = {
  /** Counts one hit for `key` in the current window; false once `limit` hits were already counted. */
  hit(scope: string, key: string, limit: number, windowSeconds: number, nowSeconds: number): Promise<boolean>;
  /** The hits counted for `key` in the current window, without counting one. */
  count(scope: string, key: string, windowSeconds: number, nowSeconds: number): Promise<number>;
};

/** Fixed-window counters with a conditional increment, expiring through the table's TTL. */
export function createRateLimitRepository(db: DynamoDBDocumentClient, tableName: string): RateLimiter {
  return {
    async hit(scope, key, limit, windowSeconds, nowSeconds) {
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { PK: `RATE#${scope}#${key}`, SK: String(windowStart) },
            UpdateExpression: 'ADD hits :one SET #ttl = :ttl, entity = :entity',
            ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':limit': limit,
              ':ttl': windowStart + windowSeconds * 2,
              ':entity': 'RateLimit',
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async count(scope, key, windowSeconds, nowSeconds) {
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { PK: `RATE#${scope}#${key}`, SK: String(windowStart) },
          ConsistentRead: true,
        }),
      );
      return typeof Item?.hits === 'number' ? Item.hits : 0;
    },
  };
}
