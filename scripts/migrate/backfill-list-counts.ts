import { pathToFileURL } from 'node:url';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { auditKeys } from '../../functions/src/repositories/audit-repository.ts';
import { listCountKeys } from '../../functions/src/repositories/list-counts.ts';
import { orderKeys } from '../../functions/src/repositories/order-repository.ts';
import { queryCount } from '../../functions/src/repositories/query-all.ts';
import { redemptionKeys } from '../../functions/src/repositories/redemption-repository.ts';
import { createStatsAggregateRepository } from '../../functions/src/repositories/stats-aggregate-repository.ts';
import type { CounterDelta } from '../../functions/src/services/stats/stats-deltas.ts';

/**
 * One-off migration (issue 15): the list row counts (`repositories/list-counts.ts`) of the rows
 * written before the aggregator counted them. Run once, by hand, after the aggregator version that
 * keeps them is deployed, with `--before` = the moment it started (its first invocation): rows whose
 * list time (`completed_at` / `created_at` / `at`, the index sort key) is before it are added, later
 * ones the aggregator counts. Rows written within seconds of that moment may be counted twice or
 * not at all; pick a quiet moment (or the sales pause).
 *
 * Reads each feed once (`ORDERS` by COUNT; `REDEMPTIONS` and `AUDIT` projected to the seller, actor
 * and target ids) — outside any request. Applies through the aggregator's own repository as ONE
 * record `backfill-list-counts`: per counter partition its `STATS_APPLIED#backfill-list-counts`
 * marker and the ADDs commit together, so a rerun adds nothing (within the markers' 7-day TTL).
 *
 *   npx tsx scripts/migrate/backfill-list-counts.ts --before 2026-11-27T08:00:00.000Z [--dry-run]
 */
export const BACKFILL_RECORD_ID = 'backfill-list-counts';

export type ListCountBackfill = {
  orders: number;
  redemptions: number;
  sellers: number;
  auditEntries: number;
  users: number;
  /** Counter partitions written now (0 on a rerun or a dry run). */
  applied: number;
  /** Counter partitions that already had the backfill (a rerun). */
  alreadyApplied: number;
};

async function each(
  db: DynamoDBDocumentClient,
  input: ConstructorParameters<typeof QueryCommand>[0],
  visit: (item: Record<string, unknown>) => void,
) {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) visit(item);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

export async function backfillListCounts(
  db: DynamoDBDocumentClient,
  tableName: string,
  options: { before: string; dryRun: boolean },
): Promise<ListCountBackfill> {
  const before = (pk: string) => ({
    TableName: tableName,
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK < :before',
    ExpressionAttributeValues: { ':pk': pk, ':before': options.before },
  });
  const orders = await queryCount(db, new QueryCommand(before(orderKeys.allOrders)));

  const bySeller = new Map<string, number>();
  let redemptions = 0;
  await each(db, { ...before(redemptionKeys.all), ProjectionExpression: 'seller_id' }, (item) => {
    redemptions++;
    if (typeof item.seller_id === 'string') bySeller.set(item.seller_id, (bySeller.get(item.seller_id) ?? 0) + 1);
  });

  const byUser = new Map<string, { by_actor: number; of_target: number }>();
  let auditEntries = 0;
  const bump = (id: unknown, name: 'by_actor' | 'of_target') => {
    if (typeof id !== 'string' || !id) return;
    const counts = byUser.get(id) ?? { by_actor: 0, of_target: 0 };
    counts[name]++;
    byUser.set(id, counts);
  };
  await each(db, { ...before(auditKeys.all), ProjectionExpression: 'actor_id, target_id' }, (item) => {
    auditEntries++;
    bump(item.actor_id, 'by_actor');
    bump(item.target_id, 'of_target');
  });

  const nonZero = (add: Record<string, number>) => Object.fromEntries(Object.entries(add).filter(([, n]) => n > 0));
  const deltas: CounterDelta[] = [
    { key: listCountKeys.platform, entity: 'ListCounts' as const, add: nonZero({ orders, redemptions }) },
    ...[...bySeller].map(([sellerId, n]) => ({
      key: listCountKeys.seller(sellerId),
      entity: 'ListCounts' as const,
      add: { redemptions: n },
    })),
    ...[...byUser].map(([userId, counts]) => ({
      key: listCountKeys.audit(userId),
      entity: 'AuditCounts' as const,
      add: nonZero(counts),
    })),
  ].filter((delta) => Object.keys(delta.add).length > 0);

  const summary = {
    orders,
    redemptions,
    sellers: bySeller.size,
    auditEntries,
    users: byUser.size,
    applied: 0,
    alreadyApplied: 0,
  };
  if (options.dryRun || deltas.length === 0) return summary;
  // One record, many partitions: the repository writes each partition's counters with its marker.
  const outcome = await createStatsAggregateRepository(db, tableName).apply([{ id: BACKFILL_RECORD_ID, deltas }]);
  return { ...summary, applied: outcome.applied, alreadyApplied: outcome.alreadyApplied };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--before');
  const before = at > 0 ? process.argv[at + 1] : undefined;
  const dryRun = process.argv.includes('--dry-run');
  if (!before || Number.isNaN(Date.parse(before))) {
    console.error('Usage: backfill-list-counts.ts --before <ISO time the aggregator started counting> [--dry-run]');
    process.exitCode = 2;
  } else {
    backfillListCounts(documentClient(), env().TABLE_NAME, { before, dryRun })
      .then((r) => {
        console.log(`${dryRun ? 'Dry run: would add' : 'Added'} the rows before ${before}:`);
        console.log(`  orders ${r.orders}, redemptions ${r.redemptions} (${r.sellers} sellers)`);
        console.log(`  audit entries ${r.auditEntries} (${r.users} users)`);
        if (!dryRun) console.log(`  partitions written ${r.applied}, already back-filled ${r.alreadyApplied}`);
      })
      .catch((error: unknown) => {
        console.error('Back-fill failed:', error instanceof Error ? error.message : error);
        process.exitCode = 1;
      });
  }
}
