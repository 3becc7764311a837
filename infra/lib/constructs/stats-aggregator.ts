import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { INVOICE_NUMBERING, STATS_AGGREGATION, type Uses } from '@gm/functions/capabilities';
import { STATS_STREAM_FILTERS } from '@gm/functions/services/stats/stream-filters';
import { ApiFunction, REPO_ROOT } from './api-function.ts';

export const STATS_AGGREGATOR_ENTRY = path.join(REPO_ROOT, 'functions/src/workers/stats-aggregator.ts');

/**
 * What the aggregator may do with the table: Put its markers and ADD to the counters, and number the
 * invoice drafts (sellers' invoice counters, invoices, the order lines' numbers and drafts), nothing else.
 */
export const STATS_AGGREGATOR_USES: Uses = [STATS_AGGREGATION, INVOICE_NUMBERING];

/** Mirrors scripts/dev/stream-consumers.ts (batch size); the window bounds the staleness on AWS. */
export const STATS_AGGREGATOR_MAPPING = { batchSize: 100, batchingWindowSeconds: 1, retryAttempts: 5 } as const;

export type StatsAggregatorProps = {
  environment: Record<string, string>;
  /** The table with its stream (NEW_AND_OLD_IMAGES). */
  table: dynamodb.ITable;
  /** Built from the function's capability declaration (STATS_AGGREGATION, INVOICE_NUMBERING). */
  role: iam.IRole;
  stubForMissingEntry?: lambda.Code;
};

/**
 * The stats aggregator (issue 15): the table's stream → one Lambda that keeps the seller, platform and
 * user counters off the write path and numbers the invoice drafts (functions/src/workers/stats-aggregator.ts).
 * The mapping filters to completed order lines, redemptions, audit entries and new invoice drafts,
 * waits up to one second to batch, retries a failed batch,
 * bisects it, and after that hands its position to the dead-letter queue (the Monitoring stack alarms
 * on it). At-least-once delivery is safe: the counters carry applied markers per record, and a
 * numbered draft is gone.
 */
export class StatsAggregator extends Construct {
  readonly deadLetterQueue: sqs.Queue;
  readonly worker: ApiFunction;

  constructor(scope: Construct, id: string, props: StatsAggregatorProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.worker = new ApiFunction(this, 'Worker', {
      entry: STATS_AGGREGATOR_ENTRY,
      description:
        'Stats aggregator: numbers invoice drafts and sums sales, redemptions and reversals from the table stream',
      environment: props.environment,
      role: props.role,
      timeout: Duration.seconds(60),
      ...(props.stubForMissingEntry ? { stubForMissingEntry: props.stubForMissingEntry } : {}),
    });
    this.worker.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: STATS_AGGREGATOR_MAPPING.batchSize,
        maxBatchingWindow: Duration.seconds(STATS_AGGREGATOR_MAPPING.batchingWindowSeconds),
        bisectBatchOnError: true,
        retryAttempts: STATS_AGGREGATOR_MAPPING.retryAttempts,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: STATS_STREAM_FILTERS.map((pattern) =>
          lambda.FilterCriteria.filter(pattern as Record<string, unknown>),
        ),
      }),
    );
  }
}
