import type { ApplyOutcome } from '../../repositories/stats-aggregate-repository.ts';
import type { Log } from '../telemetry.ts';
import { batchDeltas, type ChangedItem, type RecordDeltas } from './stats-deltas.ts';

export type AggregateStatsDeps = {
  statsAggregates: { apply(records: readonly RecordDeltas[]): Promise<ApplyOutcome> };
  log: Log;
};

/**
 * One batch of the table's stream (issue 15): the deltas of every sale, redemption, revocation and
 * reversal in it, summed per counter item and applied once each (idempotent: a retried or bisected
 * batch adds nothing twice). A failure throws, so Lambda retries the batch (then bisects it, then
 * hands it to the dead-letter queue).
 */
export async function aggregateStats(deps: AggregateStatsDeps, changes: readonly ChangedItem[]): Promise<ApplyOutcome> {
  const records = batchDeltas(changes);
  if (records.length === 0) return { applied: 0, alreadyApplied: 0, transactions: 0 };
  const outcome = await deps.statsAggregates.apply(records);
  // A redelivered batch (retry, bisection, replay) is worth a line; a first delivery is not.
  if (outcome.alreadyApplied > 0) deps.log.info('stats: redelivered records skipped', { ...outcome });
  return outcome;
}
