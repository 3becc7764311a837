import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  counterId,
  sumDeltas,
  type CounterDelta,
  type CounterEntity,
  type RecordDeltas,
} from '../services/stats/stats-deltas.ts';
import { failedConditions } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';

/**
 * The aggregator's writes (issue 15): the counters `SELLER#<id>#STATS`, `PLATFORM#STATS` (DAY/WEEK/
 * MONTH/TOTAL) and `USER#<id>/STATS`, and the `STATS_APPLIED#<recordId>` / `<counter PK>` markers
 * that make them exactly-once although Lambda delivers stream records at least once (a retried
 * batch, a bisected half of one, a replay).
 *
 * Per counter partition, ONE transaction: Put a marker per stream record that contributes to it
 * (condition `attribute_not_exists`) and one `ADD` per counter item with the sum of those records.
 * A marker that exists means its record was applied to this partition already: the transaction is
 * cancelled, the record is dropped from the chunk and the rest is applied. So a partition's
 * counters move for a record exactly when its marker is written, whatever the batching.
 *
 * The voucher's popularity lives on items other writers own (the voucher, its catalogue entry): those
 * updates only `ADD` (no `entity`) and carry the condition that the item is still listed. When one
 * fails (the voucher was deleted meanwhile), that item is left out and the rest is applied.
 */
export const appliedKeys = {
  marker: (recordId: string, counterPk: string) => ({ PK: `STATS_APPLIED#${recordId}`, SK: counterPk }),
};

/** Markers outlive the stream's 24 h retention and any manual replay from the DLQ metadata. */
export const APPLIED_MARKER_TTL_SECONDS = 7 * 24 * 60 * 60;

/** DynamoDB's limit of items per transaction. */
const MAX_TRANSACTION_ITEMS = 100;
const MAX_CONFLICT_RETRIES = 10;

/**
 * Items of other writers the aggregator adds to only while listed: a sale never brings back a deleted
 * voucher or its catalogue entry, and a tourism voucher (never in the catalogue) counts no popularity.
 */
const ONLY_WHILE_LISTED: Partial<Record<CounterEntity, { condition: string; values: Record<string, unknown> }>> = {
  Voucher: {
    condition:
      'attribute_exists(PK) AND attribute_not_exists(deleted_at) AND (attribute_not_exists(is_tourism) OR is_tourism = :no)',
    values: { ':no': false },
  },
  CatalogueEntry: { condition: 'attribute_exists(PK)', values: {} },
};

export type ApplyOutcome = { applied: number; alreadyApplied: number; transactions: number };
export type StatsAggregateRepository = ReturnType<typeof createStatsAggregateRepository>;

export function createStatsAggregateRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  /** The chunk's writes: its markers, then one update per counter item. */
  function parts(pk: string, records: readonly RecordDeltas[], sums: readonly CounterDelta[]): TransactionPart[] {
    const ttl = Math.floor(now().getTime() / 1000) + APPLIED_MARKER_TTL_SECONDS;
    const markers = records.map((record): TransactionPart => ({
      Put: {
        TableName: tableName,
        Item: { ...appliedKeys.marker(record.id, pk), entity: 'StatsApplied', ttl },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    }));
    const updates = sums.map((sum): TransactionPart => {
      const names = Object.keys(sum.add).sort();
      const adds = `ADD ${names.map((_, i) => `#a${i} :a${i}`).join(', ')}`;
      const values = Object.fromEntries(names.map((name, i) => [`:a${i}`, sum.add[name]]));
      const listed = ONLY_WHILE_LISTED[sum.entity];
      return {
        Update: {
          TableName: tableName,
          Key: sum.key,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
          ...(listed
            ? {
                UpdateExpression: adds,
                ConditionExpression: listed.condition,
                ExpressionAttributeValues: { ...values, ...listed.values },
              }
            : {
                UpdateExpression: `SET entity = :entity ${adds}`,
                ExpressionAttributeValues: { ':entity': sum.entity, ...values },
              }),
        },
      };
    });
    return [...markers, ...updates];
  }

  /** One partition's chunk: retried without the records already applied, and on conflicts. */
  async function applyChunk(pk: string, chunk: readonly RecordDeltas[], outcome: ApplyOutcome): Promise<void> {
    let pending = [...chunk];
    const gone = new Set<string>();
    let conflicts = 0;
    while (pending.length > 0) {
      // The counters of the records still pending, less the items found no longer listed.
      const sums = sumDeltas(pending).filter((sum) => !gone.has(counterId(sum.key)));
      try {
        outcome.transactions++;
        await db.send(new TransactWriteCommand({ TransactItems: parts(pk, pending, sums) }));
        outcome.applied += pending.length;
        return;
      } catch (error) {
        const failed = failedConditions(error) ?? [];
        // A failed marker: its record was applied already. A failed update: the item is no longer listed.
        const done = new Set(failed.filter((index) => index < pending.length));
        for (const index of failed) if (index >= pending.length) gone.add(counterId(sums[index - pending.length]!.key));
        if (failed.length > 0) {
          outcome.alreadyApplied += done.size;
          pending = pending.filter((_, index) => !done.has(index));
          continue;
        }
        // Another aggregator (another shard) moved the same counter at that moment.
        const conflict =
          error instanceof TransactionCanceledException &&
          (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
        if (!conflict || ++conflicts > MAX_CONFLICT_RETRIES) throw error;
        await sleep(10 * conflicts + Math.random() * 20 * 2 ** Math.min(conflicts, 6));
      }
    }
  }

  return {
    /** Applies each record's deltas exactly once per counter partition (see above). */
    async apply(records: readonly RecordDeltas[], concurrency = 8): Promise<ApplyOutcome> {
      const byPartition = new Map<string, RecordDeltas[]>();
      for (const record of records) {
        const pks = new Set(record.deltas.map((d) => d.key.PK));
        for (const pk of pks) {
          const own = { id: record.id, deltas: record.deltas.filter((d) => d.key.PK === pk) };
          byPartition.set(pk, [...(byPartition.get(pk) ?? []), own]);
        }
      }
      const chunks: [string, RecordDeltas[]][] = [];
      for (const [pk, list] of byPartition) {
        let chunk: RecordDeltas[] = [];
        let sks = new Set<string>();
        for (const record of list) {
          const next = new Set([...sks, ...record.deltas.map((d) => d.key.SK)]);
          if (chunk.length > 0 && chunk.length + 1 + next.size > MAX_TRANSACTION_ITEMS) {
            chunks.push([pk, chunk]);
            chunk = [];
            sks = new Set(record.deltas.map((d) => d.key.SK));
          } else {
            sks = next;
          }
          chunk.push(record);
        }
        if (chunk.length > 0) chunks.push([pk, chunk]);
      }
      const outcome: ApplyOutcome = { applied: 0, alreadyApplied: 0, transactions: 0 };
      let next = 0;
      const worker = async () => {
        while (next < chunks.length) {
          const [pk, chunk] = chunks[next++]!;
          await applyChunk(pk, chunk, outcome);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
      return outcome;
    },
  };
}
