import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ApiFunction, REPO_ROOT } from './api-function.ts';

export const JOBS_DIR = path.join(REPO_ROOT, 'functions/src/jobs');

/** The entry file of a scheduled job, e.g. `expiry-reminders` → functions/src/jobs/expiry-reminders.ts. */
export function jobEntry(job: string): string {
  return path.join(JOBS_DIR, `${job}.ts`);
}

export type ScheduledJobProps = {
  /** Module below functions/src/jobs/, without extension; it must export `handler(event)`. */
  job: string;
  description: string;
  /** When it runs (EventBridge rule; cron in UTC). */
  schedule: scheduler.ScheduleExpression;
  environment: Record<string, string>;
  role: iam.IRole;
  /** Default 5 minutes: a job walks a whole day's (or month's) items, not one request. */
  timeout?: Duration;
  memorySize?: number;
  /** Tests only: code for a job module that does not exist yet. */
  stubForMissingEntry?: lambda.Code;
};

/**
 * A scheduled Lambda (issue 12: expiry reminders, monthly reports; payouts can reuse it): an
 * EventBridge rule invokes the job's function (same bundling and defaults as the API functions)
 * asynchronously; a run that still fails after Lambda's retries — or an event EventBridge cannot
 * deliver — lands in the job's SQS dead-letter queue; the monitoring stack alarms on its first message
 * (`MonitoringStack.addDlq`). Jobs must be idempotent: a retry re-runs the whole handler.
 */
export class ScheduledJob extends Construct {
  readonly function: ApiFunction;
  readonly deadLetterQueue: sqs.Queue;
  readonly schedule: scheduler.Schedule;

  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.function = new ApiFunction(this, 'Function', {
      entry: jobEntry(props.job),
      description: `Scheduled job ${props.job}: ${props.description}`,
      environment: props.environment,
      role: props.role,
      timeout: props.timeout ?? Duration.minutes(5),
      memorySize: props.memorySize ?? 512,
      // Async invocations (the rule's) that fail after the retries go to the dead-letter queue.
      deadLetterQueue: this.deadLetterQueue,
      retryAttempts: 2,
      ...(props.stubForMissingEntry ? { stubForMissingEntry: props.stubForMissingEntry } : {}),
    });
    // EventBridge Scheduler (not a rule): cron in Vienna time, its own retries and dead-letter queue.
    this.schedule = new scheduler.Schedule(this, 'Schedule', {
      description: `Gutscheinmarkt ${props.job}: ${props.description}`,
      schedule: props.schedule,
      target: new schedulerTargets.LambdaInvoke(this.function, {
        input: scheduler.ScheduleTargetInput.fromObject({ job: props.job }),
        deadLetterQueue: this.deadLetterQueue,
        retryAttempts: 2,
        maxEventAge: Duration.hours(6),
      }),
    });
  }
}
