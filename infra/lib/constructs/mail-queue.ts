import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  MAIL_OUTBOX_PREFIX,
  MEDIA_OBJECTS_PREFIX,
  SELLER_INVOICES_PREFIX,
} from '@gm/functions/adapters/bucket-prefixes';
import { GSI_NAMES } from '@gm/functions/repositories/table-definition';
import { ApiFunction, REPO_ROOT } from './api-function.ts';
import { sesSendResources } from './ses-send-resources.ts';

export const MAIL_WORKER_ENTRY = path.join(REPO_ROOT, 'functions/src/workers/mail-queue.ts');
export { MAIL_OUTBOX_PREFIX };
/** Receives before SQS moves a job to the dead-letter queue. */
export const MAIL_MAX_RECEIVE_COUNT = 5;
const WORKER_TIMEOUT = Duration.seconds(60);

export type MailQueueProps = {
  /** The worker's environment without MAIL_QUEUE_URL (added here). */
  environment: Record<string, string>;
  table: dynamodb.ITable;
  mediaBucket: s3.IBucket;
  privateBucket: s3.IBucket;
  mailFrom: string;
  /** The SES configuration set every send names (bounce/complaint events, issue 14). */
  mailConfigurationSet: string;
  /** Tests only: code for the worker module while it does not exist. */
  stubForMissingEntry?: lambda.Code;
};

/**
 * The mail queue (issue 14): every mail of the product is a job on one standard SQS queue (SSE,
 * TLS only). The worker Lambda (functions/src/workers/mail-queue.ts) consumes it in batches and
 * reports failed records (`ReportBatchItemFailures`), so SQS retries only those; after five receives a
 * job moves to the dead-letter queue; the Monitoring stack alarms as soon as that holds a message.
 * Senders need only `grantSend` (sqs:SendMessage on this queue, the claim-check prefix of the private bucket).
 */
export class MailQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly worker: ApiFunction;
  private readonly privateBucket: s3.IBucket;

  constructor(scope: Construct, id: string, props: MailQueueProps) {
    super(scope, id);
    this.privateBucket = props.privateBucket;
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      // AWS's advice for Lambda consumers: six times the function timeout.
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAIL_MAX_RECEIVE_COUNT },
    });

    const role = new iam.Role(this, 'WorkerRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Gutscheinmarkt mail worker: consumes the mail queue, sends through SES',
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    // Reads what the jobs render from (accounts, guest vouchers, offers, templates, payments, orders,
    // invoices, seller invoices); writes only reset tokens and the confirmation mail's lease and mark on the Payment.
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
        resources: [props.table.tableArn, ...GSI_NAMES.map((index) => `${props.table.tableArn}/index/${index}`)],
      }),
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RESET#*'] } },
      }),
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['PAYMENT#*'] } },
      }),
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [props.mediaBucket.arnForObjects(`${MEDIA_OBJECTS_PREFIX}*`)],
      }),
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:DeleteObject'],
        resources: [props.privateBucket.arnForObjects(`${MAIL_OUTBOX_PREFIX}*`)],
      }),
    );
    // The Gutschriften it renders for the seller-invoice job (what the payout run stored, or the PDF).
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [props.privateBucket.arnForObjects(`${SELLER_INVOICES_PREFIX}*`)],
      }),
    );
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: sesSendResources(Stack.of(this), props.mailConfigurationSet),
        conditions: { StringEquals: { 'ses:FromAddress': props.mailFrom } },
      }),
    );

    this.worker = new ApiFunction(this, 'Worker', {
      entry: MAIL_WORKER_ENTRY,
      description:
        'Mail worker: sends the jobs of the mail queue (mails, password resets, guest vouchers, order confirmations, Stornorechnungen, Gutschriften)',
      environment: { ...props.environment, MAIL_QUEUE_URL: this.queue.queueUrl },
      role,
      timeout: WORKER_TIMEOUT,
      // Guest retrieval renders up to 20 voucher PDFs, an order confirmation up to 10 and the invoices.
      memorySize: 1024,
      ...(props.stubForMissingEntry ? { stubForMissingEntry: props.stubForMissingEntry } : {}),
    });
    this.worker.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 5,
        reportBatchItemFailures: true,
        // SES's default send rate is 14 mails/s: a few workers at a time are enough.
        maxConcurrency: 5,
      }),
    );
  }

  /** What a function that mails needs: sqs:SendMessage on this queue, and putting large job bodies (claim check). */
  grantSend(grantee: iam.IGrantable): void {
    this.queue.grantSendMessages(grantee);
    this.privateBucket.grantPut(grantee, `${MAIL_OUTBOX_PREFIX}*`);
  }
}
