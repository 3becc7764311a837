import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * The Lambda consumers of the table's stream, as the local stream stand-in runs them
 * (scripts/dev/stream-stand-in.ts): the same handler modules, batch sizes, batching windows and
 * filters as their event source mappings in the CDK app.
 */
export type StreamConsumer = {
  name: string;
  load: () => Promise<{ handler: (event: DynamoDBStreamEvent) => Promise<unknown> }>;
  batchSize: number;
  batchingWindowMs: number;
  /** The event source mapping's filter criteria, as a predicate on one record. */
  filter?: (record: DynamoDBRecord) => boolean;
};

export const STREAM_CONSUMERS: readonly StreamConsumer[] = [
  {
    // The search snapshot (issue 15): infra/lib/constructs/search-snapshot-worker.ts; catalogue changes only, one rebuild per window.
    name: 'search-snapshot',
    load: () => import('../../functions/src/workers/search-snapshot.ts'),
    batchSize: 1000,
    batchingWindowMs: 10_000,
    filter: (record) => record.dynamodb?.Keys?.PK?.S === 'CATALOGUE',
  },
];
