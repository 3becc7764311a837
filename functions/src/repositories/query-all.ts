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

/** How far `queryUpTo` may read for one page (a FilterExpression that matches little). */
export type ReadBound = {
  /** Items DynamoDB may evaluate (matched or not) for this page: the read stops there (`cut`). */
  maxEvaluated: number;
  /** Items per read at least (a filter leaves reads short; `limit - found` alone would mean many calls). */
  batch: number;
  /** The start key right after an item (reads past the page's `limit` are trimmed to there). */
  keyOf: (item: Record<string, unknown>) => Record<string, unknown>;
};

/**
 * One page of a growing partition: `Limit`, reading on (a FilterExpression may leave a read short)
 * until `limit` items or the end; `lastKey` is where the next page starts (absent: the end).
 * With `bound`, at most `bound.maxEvaluated` items are evaluated: when that runs out before `limit`
 * items matched, `cut` is true and `lastKey` continues the search (the cost of one page stays
 * bounded however little the filter matches).
 */
export async function queryUpTo(
  db: DynamoDBDocumentClient,
  query: QueryCommand,
  limit: number,
  startKey?: Record<string, unknown>,
  bound?: ReadBound,
): Promise<{ items: Record<string, unknown>[]; lastKey?: Record<string, unknown>; cut?: true }> {
  const items: Record<string, unknown>[] = [];
  let key = startKey;
  let evaluated = 0;
  do {
    const wanted = limit - items.length;
    const page = await db.send(
      new QueryCommand({
        ...query.input,
        Limit: bound ? Math.min(bound.maxEvaluated - evaluated, Math.max(bound.batch, wanted)) : wanted,
        ExclusiveStartKey: key,
      }),
    );
    const found = page.Items ?? [];
    evaluated += page.ScannedCount ?? found.length;
    key = page.LastEvaluatedKey;
    if (found.length > wanted) {
      // Read past the page: the next page starts right after the last item taken.
      items.push(...found.slice(0, wanted));
      return { items, lastKey: bound!.keyOf(items[items.length - 1]!) };
    }
    items.push(...found);
  } while (key && items.length < limit && (!bound || evaluated < bound.maxEvaluated));
  if (!key) return { items };
  return { items, lastKey: key, ...(items.length < limit ? { cut: true as const } : {}) };
}
