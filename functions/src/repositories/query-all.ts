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

/**
 * Counts a Query's matches (`Select: COUNT`, following LastEvaluatedKey) to the end of its key range.
 * Only where the range is bounded (a user's cart, a chosen date range, the sellers): a growing
 * partition's `total` comes from a counter (repositories/list-counts.ts) or from `queryCountUpTo`.
 */
export async function queryCount(db: DynamoDBDocumentClient, query: QueryCommand): Promise<number> {
  return (await queryCountUpTo(db, query, Number.POSITIVE_INFINITY)).count;
}

/**
 * Counts a Query's matches from `startKey`, evaluating at most `maxEvaluated` items (DynamoDB's
 * `Limit` bounds the items read, matched or not, so the cost is bounded whatever the filter):
 * `ended` when the key range ended within that budget (then `count` is exact, else a lower bound).
 */
export async function queryCountUpTo(
  db: DynamoDBDocumentClient,
  query: QueryCommand,
  maxEvaluated: number,
  startKey?: Record<string, unknown>,
): Promise<{ count: number; ended: boolean }> {
  let count = 0;
  let evaluated = 0;
  let key = startKey;
  do {
    const left = maxEvaluated - evaluated;
    const page = await db.send(
      new QueryCommand({
        ...query.input,
        Select: 'COUNT',
        ...(Number.isFinite(left) ? { Limit: left } : {}),
        ExclusiveStartKey: key,
      }),
    );
    count += page.Count ?? 0;
    evaluated += page.ScannedCount ?? 0;
    key = page.LastEvaluatedKey;
  } while (key && evaluated < maxEvaluated);
  return { count, ended: !key };
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
