import { Duration, NestedStack, Stack, type NestedStackProps } from 'aws-cdk-lib';
import { TimeZone } from 'aws-cdk-lib';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { sesSendResources, type ApiResources, type LambdaEnvironment } from './api-stack.ts';
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
  },
  {
    id: 'Payouts',
    job: 'payouts',
    description: 'invoices every due seller (Gutschrift PDF) and transfers the payout through Stripe Connect',
    // 04:00 in Vienna daily, before the mails of the day.
    schedule: scheduler.ScheduleExpression.cron({ minute: '0', hour: '4', timeZone: TimeZone.EUROPE_VIENNA }),
    /** Talks to Stripe (the secret key) and writes the invoice PDFs into the private bucket. */
    payouts: true,
  },
] as const satisfies readonly {
  id: string;
  job: string;
  description: string;
  schedule: scheduler.ScheduleExpression;
  payouts?: boolean;
}[];

/**
 * The scheduled Lambdas in a nested stack of their own (the API's domain stacks stay routes only).
 * They read and write the table and send mail; the payout run also reads the Stripe secret key and
 * writes the private bucket (its own role).
 */
export class JobsStack extends NestedStack {
  readonly jobs: ReadonlyMap<string, ScheduledJob>;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const r = props.resources;
    const environment: LambdaEnvironment & { CONTACT_EMAIL?: string; SES_CONFIGURATION_SET: string } = {
      TABLE_NAME: r.table.tableName,
      MEDIA_BUCKET: r.mediaBucket.bucketName,
      PRIVATE_BUCKET: r.privateBucket.bucketName,
      COGNITO_USER_POOL_ID: r.userPool.userPoolId,
      COGNITO_CLIENT_ID: r.webClient.userPoolClientId,
      MAIL_FROM: r.mailFrom,
      SES_CONFIGURATION_SET: r.mailConfigurationSet,
      APP_URL: r.appUrl,
      ...(r.contactEmail ? { CONTACT_EMAIL: r.contactEmail } : {}),
    };
    const role = new iam.Role(this, 'JobRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Gutscheinmarkt scheduled jobs',
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    r.table.grantReadWriteData(role);
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: sesSendResources(Stack.of(this), r.mailConfigurationSet),
        conditions: { StringEquals: { 'ses:FromAddress': r.mailFrom } },
      }),
    );

    // The payout run has a role of its own: only it reads the Stripe secret key and writes the private bucket.
    const payoutRole = new iam.Role(this, 'PayoutJobRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Gutscheinmarkt payout run (seller invoices, Stripe transfers)',
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    r.table.grantReadWriteData(payoutRole);
    r.privateBucket.grantReadWrite(payoutRole);
    payoutRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameters'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: r.stripe.secretKeyParameter.replace(/^\//, ''),
          }),
        ],
      }),
    );
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
        role: payouts ? payoutRole : role,
        timeout: Duration.minutes(10),
        ...(props.stubForMissingJobs ? { stubForMissingEntry: props.stubForMissingJobs } : {}),
      });
      // The dead-letter queue receives the failed async invocations with the function's role.
      job.deadLetterQueue.grantSendMessages(payouts ? payoutRole : role);
      jobs.set(def.job, job);
    }
    this.jobs = jobs;
  }
}
