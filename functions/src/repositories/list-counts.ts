import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The row counts of the growing admin and seller lists (issue 15: no request path reads a whole
 * growing partition to count it). The stats aggregator keeps them from the table's stream
 * (services/stats/stats-deltas.ts) beside the dashboards' counters, in the same partitions (so a
 * record costs no extra marker); a list's `total` is one GetItem.
 *
 * | item | attribute | rows of |
 * |---|---|---|
 * | `PLATFORM#STATS` / `ROWS` | `orders` | the `ORDERS` feed (GSI3): completed order lines, reversed ones included |
 * | `PLATFORM#STATS` / `ROWS` | `redemptions` | `REDEMPTIONS` (GSI3): voucher redemptions, revoked ones included |
 * | `SELLER#<id>#STATS` / `ROWS` | `redemptions` | `SELLER#<id>#REDEMPTIONS` (GSI2) |
 * | `USER#<id>#STATS` / `AUDIT_COUNTS` | `by_actor`, `of_target` | `USER#<id>#AUDIT` (GSI1), `USER#<id>#AUDITED` (GSI2) |
 *
 * These rows are never deleted (orders, redemptions and audit entries stay, also after an account
 * deletion), so the counters only grow. The audit counts sit in a partition of their own, not in
 * `USER#<id>`: an account deletion clears that partition, while the user's audit entries (and so
 * their count) stay, and the deletion's own entry is counted after it. Staleness: the aggregator's (≤ 5 s locally).
 */
export const listCountKeys = {
  platform: { PK: 'PLATFORM#STATS', SK: 'ROWS' },
  seller: (sellerId: string) => ({ PK: `SELLER#${sellerId}#STATS`, SK: 'ROWS' }),
  audit: (userId: string) => ({ PK: `USER#${userId}#STATS`, SK: 'AUDIT_COUNTS' }),
};

/** One counter of a list-count item (absent: nothing counted yet, 0). One eventually consistent GetItem. */
export async function readListCount(
  db: DynamoDBDocumentClient,
  tableName: string,
  key: { PK: string; SK: string },
  attribute: string,
): Promise<number> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: key,
      ProjectionExpression: '#n',
      ExpressionAttributeNames: { '#n': attribute },
    }),
  );
  const value = Item?.[attribute];
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0;
}
