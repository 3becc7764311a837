import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { observedHandler, powertoolsLog } from '../lib/observability.ts';
import { createInvoiceNumberingRepository } from '../repositories/invoice-numbering-repository.ts';
import { createStatsAggregateRepository } from '../repositories/stats-aggregate-repository.ts';
import { numberInvoices, type NumberInvoicesDeps } from '../services/orders/number-invoices.ts';
import { aggregateStats, type AggregateStatsDeps } from '../services/stats/aggregate-stats.ts';
import type { ChangedItem } from '../services/stats/stats-deltas.ts';

/**
 * The stats aggregator (issue 15): the table's stream (NEW_AND_OLD_IMAGES, filtered to order,
 * redemption, audit and invoice-draft items) calls it with a batch. It numbers the new invoice drafts
 * (services/orders/number-invoices.ts), then keeps the seller, platform, user and voucher counters:
 * the two things sales, redemptions, revocations and reversals no longer write in their transactions.
 * One Lambda for both, so the stream keeps two readers (this and the search snapshot): DynamoDB
 * Streams throttles more than two per shard. Locally scripts/dev/stream-stand-in.ts calls this
 * handler with the same event shape.
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

export type StreamWorkerDeps = AggregateStatsDeps & NumberInvoicesDeps;

export function statsAggregatorConsumer(deps: () => StreamWorkerDeps) {
  return async (event: DynamoDBStreamEvent): Promise<void> => {
    const changes = event.Records.map(changedItemOf);
    // Both are idempotent per record, so a failure of either may retry the whole batch.
    await numberInvoices(deps(), changes);
    await aggregateStats(deps(), changes);
  };
}

let wired: StreamWorkerDeps | undefined;
/** Built once per container, like lib/deps.ts (no deps.ts entry: only this function needs it). */
export const statsAggregatorDeps = (): StreamWorkerDeps =>
  (wired ??= {
    statsAggregates: createStatsAggregateRepository(documentClient(), env().TABLE_NAME),
    invoiceNumbering: createInvoiceNumberingRepository(documentClient(), env().TABLE_NAME),
    log: powertoolsLog(),
  });

export const handler = observedHandler('stats-aggregator', statsAggregatorConsumer(statsAggregatorDeps));
