import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { observedHandler, powertoolsLog } from '../lib/observability.ts';
import { createStatsAggregateRepository } from '../repositories/stats-aggregate-repository.ts';
import { aggregateStats, type AggregateStatsDeps } from '../services/stats/aggregate-stats.ts';
import type { ChangedItem } from '../services/stats/stats-deltas.ts';

/**
 * The stats aggregator (issue 15): the table's stream (NEW_AND_OLD_IMAGES, filtered to order and
 * redemption items) calls it with a batch; it keeps the seller, platform and user counters that
 * sales, redemptions, revocations and reversals no longer write in their transactions. Locally
 * scripts/dev/stream-stand-in.ts calls this handler with the same event shape.
 */
type StreamImage = Record<string, AttributeValue>;

export function changedItemOf(record: DynamoDBRecord): ChangedItem {
  const image = (value: unknown) => (value ? unmarshall(value as StreamImage) : undefined);
  return {
    id: record.eventID ?? record.dynamodb?.SequenceNumber ?? '',
    oldImage: image(record.dynamodb?.OldImage),
    newImage: image(record.dynamodb?.NewImage),
  };
}

export function statsAggregatorConsumer(deps: () => AggregateStatsDeps) {
  return async (event: DynamoDBStreamEvent): Promise<void> => {
    await aggregateStats(deps(), event.Records.map(changedItemOf));
  };
}

let wired: AggregateStatsDeps | undefined;
/** Built once per container, like lib/deps.ts (no deps.ts entry: only this function needs it). */
export const statsAggregatorDeps = (): AggregateStatsDeps =>
  (wired ??= {
    statsAggregates: createStatsAggregateRepository(documentClient(), env().TABLE_NAME),
    log: powertoolsLog(),
  });

export const handler = observedHandler('stats-aggregator', statsAggregatorConsumer(statsAggregatorDeps));
