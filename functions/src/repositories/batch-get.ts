import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type Key = { PK: string; SK: string };

/**
 * BatchGetItem for a handful of keys (≤ 100), asking again for unprocessed keys. Answers the items
 * in the order of `keys`, undefined where an item does not exist.
 */
export async function batchGet(
  db: DynamoDBDocumentClient,
  tableName: string,
  keys: readonly Key[],
  consistentRead = false,
): Promise<(Record<string, unknown> | undefined)[]> {
  let pending: Record<string, unknown>[] = [...keys];
  const items: Record<string, unknown>[] = [];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= 5) throw new Error('BatchGetItem left keys unprocessed');
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
    const answer = await db.send(
      new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: consistentRead } } }),
    );
    items.push(...(answer.Responses?.[tableName] ?? []));
    pending = (answer.UnprocessedKeys?.[tableName]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  return keys.map((key) => items.find((item) => item.PK === key.PK && item.SK === key.SK));
}

/**
 * `batchGet` for any number of keys (BatchGetItems of ≤ 100; a key asked twice is read once, as
 * DynamoDB refuses duplicates in one request), answering in the order of `keys`.
 */
export async function batchGetAll(
  db: DynamoDBDocumentClient,
  tableName: string,
  keys: readonly Key[],
  consistentRead = false,
): Promise<(Record<string, unknown> | undefined)[]> {
  const id = (key: Key) => `${key.PK}\u0000${key.SK}`;
  const unique = [...new Map(keys.map((key) => [id(key), key])).values()];
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < unique.length; i += 100) {
    const chunk = unique.slice(i, i + 100);
    const items = await batchGet(db, tableName, chunk, consistentRead);
    chunk.forEach((key, j) => items[j] && found.set(id(key), items[j]));
  }
  return keys.map((key) => found.get(id(key)));
}
