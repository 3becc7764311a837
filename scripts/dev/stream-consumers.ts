import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesStreamFilters, STATS_STREAM_FILTERS } from '../../functions/src/services/stats/stream-filters.ts';

/**
 * The consumers of the table's stream locally: one entry per event source mapping of the CDK app
 * (infra), called by scripts/dev/stream-stand-in.ts with the same event shape, batch size, batching
 * window and filter. `load` imports the worker when its first batch arrives (handlers read the
 * environment at cold start).
 */
export type StreamConsumer = {
  name: string;
  load: () => Promise<{ handler: (event: DynamoDBStreamEvent) => Promise<unknown> }>;
  batchSize: number;
  batchingWindowMs: number;
  /** Like the mapping's filter criteria: records it refuses never reach the consumer. */
  filter?: (record: DynamoDBRecord) => boolean;
};

export const STREAM_CONSUMERS: readonly StreamConsumer[] = [
  {
    // Seller, platform and user counters (issue 15): infra/lib/constructs/stats-aggregator.ts.
    name: 'stats-aggregator',
    load: () => import('../../functions/src/workers/stats-aggregator.ts'),
    batchSize: 100,
    batchingWindowMs: 0,
    filter: (record) => matchesStreamFilters(record, STATS_STREAM_FILTERS),
  },
  {
    // The search snapshot (issue 15): infra/lib/constructs/search-snapshot-worker.ts; catalogue changes only, one rebuild per window.
    name: 'search-snapshot',
    load: () => import('../../functions/src/workers/search-snapshot.ts'),
    batchSize: 1000,
    batchingWindowMs: 10_000,
    filter: (record) => record.dynamodb?.Keys?.PK?.S === 'CATALOGUE',
  },
];
