import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { jobEntry } from '../lib/constructs/scheduled-job.ts';
import { SCHEDULED_JOBS } from '../lib/jobs-stack.ts';
import { synthApp, type SynthesisedApp } from './synth-app.ts';

describe('scheduled jobs (issue 12)', () => {
  let synth: SynthesisedApp;
  let template: Template;
  beforeAll(() => {
    synth = synthApp();
    template = synth.templates.get(synth.api.jobs.node.path)!.template;
  }, 60_000);
  afterAll(() => synth.cleanup());

  it('builds each job from functions/src/jobs/<job>.ts with a daily rule, a dead-letter queue and an alarm on it', () => {
    for (const def of SCHEDULED_JOBS) {
      const job = synth.api.jobs.jobs.get(def.job)!;
      expect(job.function.entry).toBe(jobEntry(def.job));
    }
    template.resourceCountIs('AWS::Events::Rule', 0);
    template.resourceCountIs('AWS::Scheduler::Schedule', SCHEDULED_JOBS.length);
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 7 * * ? *)',
      ScheduleExpressionTimezone: 'Europe/Vienna',
      Target: Match.objectLike({
        DeadLetterConfig: Match.anyValue(),
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
      }),
    });
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 6 1 * ? *)',
      ScheduleExpressionTimezone: 'Europe/Vienna',
    });
    template.resourceCountIs('AWS::SQS::Queue', SCHEDULED_JOBS.length);
    template.hasResourceProperties('AWS::Lambda::Function', {
      DeadLetterConfig: Match.anyValue(),
      Timeout: 600,
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 2 });
    // The alarm on each dead-letter queue lives in the monitoring stack with the others (observability.test.ts).
    synth.templates.get(synth.monitoring.node.path)!.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('runs the payouts daily at 04:00 Vienna time; only its role reads the Stripe secret key and writes the private bucket', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 4 * * ? *)',
      ScheduleExpressionTimezone: 'Europe/Vienna',
    });
    const payouts = synth.api.jobs.jobs.get('payouts')!;
    expect(payouts.function.entry).toBe(jobEntry('payouts'));
    const functions = template.findResources('AWS::Lambda::Function') as Record<
      string,
      { Properties: { Role: { 'Fn::GetAtt': [string, string] } } }
    >;
    const roleOf = (prefix: string) =>
      Object.entries(functions).find(([id]) => id.startsWith(prefix))![1].Properties.Role['Fn::GetAtt'][0];
    const policies = Object.values(template.findResources('AWS::IAM::Policy')) as {
      Properties: { PolicyDocument: unknown; Roles: { Ref: string }[] };
    }[];
    const of = (roleId: string) =>
      JSON.stringify(policies.filter((p) => p.Properties.Roles.some((ref) => ref.Ref === roleId)));
    const payoutRole = roleOf('Payouts');
    expect(of(payoutRole)).toContain('ssm:GetParameters');
    expect(of(payoutRole)).toContain('s3:PutObject');
    expect(of(payoutRole)).toContain('seller-invoices/*');
    for (const other of ['ExpiryReminders', 'MonthlyReports']) {
      expect(roleOf(other)).not.toBe(payoutRole);
      expect(of(roleOf(other))).not.toContain('ssm:GetParameters');
      // Their only object access: a large mail job's body in the claim-check prefix.
      expect(of(roleOf(other))).not.toContain('seller-invoices/');
      expect(of(roleOf(other)).match(/s3:[A-Za-z]+/g)).toEqual(['s3:PutObject']);
      expect(of(roleOf(other))).toContain('mail-outbox/*');
    }
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ STRIPE_SECRET_KEY_PARAMETER: Match.anyValue() }) },
    });
  });

  it('lets the jobs write the table and put mail jobs on the mail queue, never SES itself', () => {
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('dynamodb:PutItem');
    expect(policies).toContain('sqs:SendMessage');
    expect(policies).not.toContain('ses:');
  });
});
