import { Duration, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import { TimeZone } from 'aws-cdk-lib';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import {
  MAIL,
  QUERY_GSI1,
  QUERY_GSI2,
  QUERY_GSI3,
  SELLER_INVOICES_WRITE,
  STRIPE_KEYS,
  TABLE_READ,
  TABLE_WRITE,
  type Uses,
} from '@gm/functions/capabilities';
import type { Construct } from 'constructs';
import type { ApiResources, LambdaEnvironment } from './api-stack.ts';
import { CapabilityRoles } from './capability-grants.ts';
import { ScheduledJob } from './constructs/scheduled-job.ts';

export type JobsStackProps = NestedStackProps & {
  resources: ApiResources;
  stubForMissingJobs?: lambda.Code;
};

/** The scheduled jobs (issue 12), each a `ScheduledJob` with its dead-letter queue and alarm. */
export const SCHEDULED_JOBS = [
  {
    id: 'ExpiryReminders',
    job: 'expiry-reminders',
    description: 'mails holders 30 and 7 days before their vouchers expire',
    // 07:00 in Vienna.
    schedule: scheduler.ScheduleExpression.cron({ minute: '0', hour: '7', timeZone: TimeZone.EUROPE_VIENNA }),
    // Holders' vouchers by expiry (indexes), marks each reminder sent, mails.
    uses: [TABLE_READ, TABLE_WRITE, QUERY_GSI1, QUERY_GSI2, QUERY_GSI3, MAIL],
  },
  {
    id: 'MonthlyReports',
    job: 'monthly-reports',
    description: "mails sellers with monthly reporting last month's figures and orders",
    // The 1st of each month, 06:00 in Vienna.
    schedule: scheduler.ScheduleExpression.cron({
      minute: '0',
      hour: '6',
      day: '1',
      timeZone: TimeZone.EUROPE_VIENNA,
    }),
    uses: [TABLE_READ, TABLE_WRITE, QUERY_GSI1, QUERY_GSI2, QUERY_GSI3, MAIL],
  },
  {
    id: 'Payouts',
    job: 'payouts',
    description: 'invoices every due seller (Gutschrift PDF) and transfers the payout through Stripe Connect',
    // 04:00 in Vienna daily, before the mails of the day.
    schedule: scheduler.ScheduleExpression.cron({ minute: '0', hour: '4', timeZone: TimeZone.EUROPE_VIENNA }),
    /** Talks to Stripe (the secret key) and writes the invoice PDFs into the private bucket. */
    payouts: true,
    uses: [TABLE_READ, TABLE_WRITE, QUERY_GSI1, QUERY_GSI2, QUERY_GSI3, STRIPE_KEYS, SELLER_INVOICES_WRITE],
  },
] as const satisfies readonly {
  id: string;
  job: string;
  description: string;
  schedule: scheduler.ScheduleExpression;
  payouts?: boolean;
  /** What the job may do with AWS (functions/src/capabilities.ts), as a route's `uses`. */
  uses: Uses;
}[];

/**
 * The scheduled Lambdas in a nested stack of their own (the API's domain stacks stay routes only).
 * Each job's role is built from its `uses` declaration: the payout run alone reads the Stripe secret
 * key and writes the seller invoices into the private bucket.
 */
export class JobsStack extends NestedStack {
  readonly jobs: ReadonlyMap<string, ScheduledJob>;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const r = props.resources;
    const environment: LambdaEnvironment & { CONTACT_EMAIL?: string } = {
      TABLE_NAME: r.table.tableName,
      MEDIA_BUCKET: r.mediaBucket.bucketName,
      PRIVATE_BUCKET: r.privateBucket.bucketName,
      COGNITO_USER_POOL_ID: r.userPool.userPoolId,
      COGNITO_CLIENT_ID: r.webClient.userPoolClientId,
      MAIL_FROM: r.mailFrom,
      MAIL_QUEUE_URL: r.mailQueue.queue.queueUrl,
      APP_URL: r.appUrl,
      ...(r.contactEmail ? { CONTACT_EMAIL: r.contactEmail } : {}),
    };
    // Each job's role holds exactly its declared capabilities (issue 14, least privilege).
    const roles = new CapabilityRoles(this, r, (names) => `Gutscheinmarkt scheduled job: ${names}`, false);
    const payoutEnvironment = {
      ...environment,
      STRIPE_SECRET_KEY_PARAMETER: r.stripe.secretKeyParameter,
      // Required by the Stripe wiring, never read by the run (it verifies no webhook).
      STRIPE_WEBHOOK_SECRET_PARAMETER: r.stripe.webhookSecretParameter,
    };

    const jobs = new Map<string, ScheduledJob>();
    for (const def of SCHEDULED_JOBS) {
      const payouts = 'payouts' in def && def.payouts;
      const job = new ScheduledJob(this, def.id, {
        job: def.job,
        description: def.description,
        schedule: def.schedule,
        environment: payouts ? payoutEnvironment : environment,
        role: roles.roleFor(def.uses),
        timeout: Duration.minutes(10),
        ...(props.stubForMissingJobs ? { stubForMissingEntry: props.stubForMissingJobs } : {}),
      });
      // The dead-letter queue receives the failed async invocations with the function's role.
      job.deadLetterQueue.grantSendMessages(roles.roleFor(def.uses));
      jobs.set(def.job, job);
    }
    this.jobs = jobs;
  }
}
