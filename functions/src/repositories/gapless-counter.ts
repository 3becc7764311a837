import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionPart } from './transaction-part.ts';

/**
 * A gapless number series (invoice, cancellation and Gutschrift numbers): the writer reads the
 * counter, then advances it from n to n + 1 inside the transaction that writes the numbered record
 * (or to n + k with k records: the invoice numbering, invoice-numbering-repository.ts).
 * The condition "still n" makes a concurrent writer's transaction fail, and it reads again.
 */
type Key = { PK: string; SK: string };

/** The counter's value, read consistently (0 before the first number). */
export async function readCounter(db: DynamoDBDocumentClient, tableName: string, key: Key): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  return typeof Item?.value === 'number' ? Item.value : 0;
}

/** The transaction part that moves the counter from `n` to `n + by` (default 1), on condition that it still holds `n`. */
export function advanceCounter(tableName: string, key: Key, n: number, by = 1): TransactionPart {
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET #value = :next, entity = :entity',
      ConditionExpression: n === 0 ? 'attribute_not_exists(#value)' : '#value = :n',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':next': n + by, ':entity': 'Counter', ...(n === 0 ? {} : { ':n': n }) },
    },
  };
}
