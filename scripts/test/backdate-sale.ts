import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { orderKeys } from '../../functions/src/repositories/order-repository.ts';

/**
 * Moves a completed order's completion `ms` into the past (completed_at and the sort key of every
 * order index), as if the sale had happened then. A payout period ends five minutes before the run
 * (docs/decisions/payouts.md), so a browser test that sells and then has an admin run the payout
 * needs its sale to be older than that without waiting. Answers the new completion time.
 */
export async function backdateCompletion(orderId: string, ms: number): Promise<string> {
  const db = documentClient();
  const table = env().TABLE_NAME;
  const { Item } = await db.send(new GetCommand({ TableName: table, Key: orderKeys.item(orderId) }));
  const completedAt = Item?.status === 'completed' ? (Item.completed_at as string | undefined) : undefined;
  if (!completedAt) throw new Error(`order ${orderId} is not completed`);
  const at = new Date(Date.parse(completedAt) - ms).toISOString();
  const sortKey = orderKeys.sortKey(at, orderId);
  await db.send(
    new UpdateCommand({
      TableName: table,
      Key: orderKeys.item(orderId),
      ConditionExpression: 'completed_at = :was',
      UpdateExpression: 'SET completed_at = :at, GSI1SK = :sk, GSI2SK = :sk, GSI3SK = :sk',
      ExpressionAttributeValues: { ':was': completedAt, ':at': at, ':sk': sortKey },
    }),
  );
  return at;
}
