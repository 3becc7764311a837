import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SEARCH_SNAPSHOTS_PREFIX } from '@gm/functions/adapters/bucket-prefixes';
import { ApiFunction, REPO_ROOT } from './api-function.ts';

export const SEARCH_SNAPSHOT_WORKER_ENTRY = path.join(REPO_ROOT, 'functions/src/workers/search-snapshot.ts');
/** Batching window: one rebuild per window however many catalogue changes it holds (changes searchable ≤ 60 s). */
export const SEARCH_SNAPSHOT_BATCHING_WINDOW = Duration.seconds(10);

export type SearchSnapshotWorkerProps = {
  environment: Record<string, string>;
  /** The table, with its stream (NEW_AND_OLD_IMAGES). */
  table: dynamodb.ITable;
  privateBucket: s3.IBucket;
  stubForMissingEntry?: lambda.Code;
};

/**
 * The search snapshot worker (issue 15, docs/architecture.md "Catalogue search"): the table's stream,
 * filtered to the catalogue projection, calls functions/src/workers/search-snapshot.ts once per
 * batching window; it reads the projection, writes the snapshot below `search-snapshots/` in the
 * private bucket and swaps the pointer item. A failing batch is retried, bisected, then its
 * description goes to a dead-letter queue the Monitoring stack alarms on (a later change rebuilds anyway).
 */
export class SearchSnapshotWorker extends Construct {
  readonly worker: ApiFunction;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: SearchSnapshotWorkerProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const role = new iam.Role(this, 'WorkerRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Gutscheinmarkt search snapshot worker: reads the catalogue projection, writes the snapshot',
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    // The projection (one Query of PK = CATALOGUE) and the pointer item (SEARCH#SNAPSHOT).
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CATALOGUE'] } },
      }),
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SEARCH#*'] } },
      }),
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [props.privateBucket.arnForObjects(`${SEARCH_SNAPSHOTS_PREFIX}*`)],
      }),
    );

    this.worker = new ApiFunction(this, 'Worker', {
      entry: SEARCH_SNAPSHOT_WORKER_ENTRY,
      description: 'Search snapshot worker: rebuilds the search snapshot after catalogue changes (DynamoDB stream)',
      environment: props.environment,
      role,
      timeout: Duration.minutes(2),
      // 100,000 vouchers: the projection (~130 MB as items) and the encoded snapshot in memory at once.
      memorySize: 2048,
      // One rebuild at a time per shard is plenty; the pointer's condition orders racing builders.
      ...(props.stubForMissingEntry ? { stubForMissingEntry: props.stubForMissingEntry } : {}),
    });
    this.worker.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 1000,
        maxBatchingWindow: SEARCH_SNAPSHOT_BATCHING_WINDOW,
        bisectBatchOnError: true,
        retryAttempts: 3,
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [
          lambda.FilterCriteria.filter({ dynamodb: { Keys: { PK: { S: lambda.FilterRule.isEqual('CATALOGUE') } } } }),
        ],
      }),
    );
  }
}
