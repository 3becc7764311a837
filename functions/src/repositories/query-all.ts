import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Runs a Query to its end, following LastEvaluatedKey. Only for partitions known to stay small or cached. */
export async function queryAll(db: DynamoDBDocumentClient, query: QueryCommand): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...query.input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Counts a Query's matches (`Select: COUNT`, following LastEvaluatedKey): the `total` of a paged list. */
export async function queryCount(db: DynamoDBDocumentClient, query: QueryCommand): Promise<number> {
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...query.input, Select: 'COUNT', ExclusiveStartKey: startKey }));
    total += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return total;
}

/**
 * One page of a growing partition: `Limit`, reading on (a FilterExpression may leave a read short)
 * until `limit` items or the end; `lastKey` is where the next page starts (absent: the end).
 */
export async function queryUpTo(
  db: DynamoDBDocumentClient,
  query: QueryCommand,
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<{ items: Record<string, unknown>[]; lastKey?: Record<string, unknown> }> {
  const items: Record<string, unknown>[] = [];
  let key = startKey;
  do {
    const page = await db.send(
      new QueryCommand({ ...query.input, Limit: limit - items.length, ExclusiveStartKey: key }),
    );
    items.push(...(page.Items ?? []));
    key = page.LastEvaluatedKey;
  } while (key && items.length < limit);
  return { items, ...(key ? { lastKey: key } : {}) };
}
