import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { MAIL_MAX_RECEIVE_COUNT, MAIL_WORKER_ENTRY } from '../lib/constructs/mail-queue.ts';
import { MAIL } from '@gm/functions/capabilities';
import { API_PREFIX, routes, type RouteDef } from '@gm/functions/routes';
import { resourcesOfType, synthApp, type SynthesisedApp } from './synth-app.ts';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown; Effect: string };

describe('mail queue (issue 14)', () => {
  let synth: SynthesisedApp;
  let template: Template;
  beforeAll(() => {
    synth = synthApp();
    template = synth.templates.get(synth.api.node.path)!.template;
  }, 60_000);
  afterAll(() => synth.cleanup());

  const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
    synth.api.getLogicalId(construct.node.defaultChild as never);

  it('has a standard queue with SSE whose redrive policy moves a job to its dead-letter queue after five receives', () => {
    const queueId = logicalId(synth.api.mail.queue);
    const dlqId = logicalId(synth.api.mail.deadLetterQueue);
    const queue = template.toJSON().Resources[queueId];
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 360,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: MAIL_MAX_RECEIVE_COUNT },
    });
    expect(queue.Properties.FifoQueue).toBeUndefined();
    expect(template.toJSON().Resources[dlqId].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  it('refuses requests without TLS on both queues', () => {
    const policies = resourcesOfType(template, 'AWS::SQS::QueuePolicy');
    for (const queue of [synth.api.mail.queue, synth.api.mail.deadLetterQueue]) {
      const id = logicalId(queue);
      const policy = policies.find(([, p]) => JSON.stringify(p.Properties!.Queues).includes(id));
      expect(policy, id).toBeDefined();
      expect(JSON.stringify(policy![1].Properties!.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('runs the worker from functions/src/workers/mail-queue.ts with partial batch failures', () => {
    expect(synth.api.mail.worker.entry).toBe(MAIL_WORKER_ENTRY);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(synth.api.mail.queue), 'Arn'] },
      FunctionName: { Ref: logicalId(synth.api.mail.worker) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 5,
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ MAIL_QUEUE_URL: { Ref: logicalId(synth.api.mail.queue) } }) },
    });
  });

  it("lets the worker consume the queue, send from MAIL_FROM only, and write nothing but reset tokens and payments' mail marks", () => {
    const roleId = logicalId(synth.api.mail.worker.role as never);
    const statements = resourcesOfType(template, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties!.Roles).includes(roleId))
      .flatMap(([, p]) => (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
    const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    expect(actions).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'ses:SendEmail', 'dynamodb:GetItem']),
    );
    expect(actions).not.toContain('sqs:SendMessage');
    expect(actions.filter((a) => a.startsWith('cognito-idp:') || a.startsWith('ssm:'))).toEqual([]);
    const ses = statements.find((s) => JSON.stringify(s.Action).includes('ses:SendEmail'));
    expect(ses?.Condition).toMatchObject({ StringEquals: { 'ses:FromAddress': expect.any(String) } });
    const writes = statements.filter((s) =>
      (Array.isArray(s.Action) ? s.Action : [s.Action]).some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
    );
    expect(writes.map((w) => [w.Action, w.Condition])).toEqual([
      ['dynamodb:PutItem', { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RESET#*'] } }],
      // The order confirmation's lease and mark on the Payment (issue 15: the worker renders and sends it).
      ['dynamodb:UpdateItem', { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['PAYMENT#*'] } }],
    ]);
  });

  it('gives sqs:SendMessage on the mail queue exactly to the routes and jobs that declare MAIL', () => {
    const mailing = new Set(
      (routes as readonly RouteDef[])
        .filter((r) => r.uses.includes(MAIL))
        .map((r) => `${r.method} ${API_PREFIX}${r.path}`),
    );
    expect(mailing.size).toBeGreaterThan(10);
    for (const stack of synth.api.domainStacks.values()) {
      const { template: nested } = synth.templates.get(stack.node.path)!;
      const policies = resourcesOfType(nested, 'AWS::IAM::Policy');
      for (const [id, fn] of resourcesOfType(nested, 'AWS::Lambda::Function')) {
        const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
        const sends = policies
          .filter(([, p]) => (p.Properties!.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
          .flatMap(([, p]) => (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
          .filter((s) => JSON.stringify(s.Action).includes('sqs:SendMessage'));
        expect(sends.length > 0, id).toBe(mailing.has(String(fn.Properties!.Description)));
        // The nested stack refers to the queue through a parameter named after it.
        for (const s of sends) expect(JSON.stringify(s.Resource), id).toMatch(/MailQueue/);
      }
    }
  });
});
