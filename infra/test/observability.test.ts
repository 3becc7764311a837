import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { BUSINESS_METRICS } from '@gm/functions/services/telemetry';
import { MANAGED_RULE_GROUPS, STRIPE_WEBHOOK_PATH, wafArnParameterName } from '../lib/waf-stack.ts';
import { SCHEDULED_JOBS } from '../lib/jobs-stack.ts';
import { resourcesOfType, synthApp, type SynthesisedApp } from './synth-app.ts';

type Resource = { Properties?: Record<string, unknown> } & Record<string, unknown>;

describe('alarms and dashboard (issue 14)', () => {
  let synth: SynthesisedApp;
  let monitoring: Template;
  beforeAll(() => {
    synth = synthApp({ alarmEmail: 'ops@example.at' });
    monitoring = synth.templates.get(synth.monitoring.node.path)!.template;
  }, 120_000);
  afterAll(() => synth.cleanup());

  const alarms = () => resourcesOfType(monitoring, 'AWS::CloudWatch::Alarm').map(([, a]) => a as Resource);
  const topicRef = () => {
    const [topic] = resourcesOfType(monitoring, 'AWS::SNS::Topic');
    return { Ref: topic![0] };
  };

  it('sends every alarm to one SNS topic, and the topic to the alarmEmail', () => {
    monitoring.resourceCountIs('AWS::SNS::Topic', 1);
    monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.at' });
    expect(alarms().length).toBeGreaterThan(10);
    for (const alarm of alarms()) {
      expect(alarm.Properties!.AlarmActions).toEqual([topicRef()]);
      expect(alarm.Properties!.OKActions).toEqual([topicRef()]);
    }
  });

  it('alarms on the API 5xx rate, once per domain on unexpected errors, and on Lambda errors and throttles', () => {
    const rate = alarms().find((a) =>
      (a.Properties!.Metrics as { Expression?: string }[] | undefined)?.some((m) =>
        m.Expression?.includes('errors / requests'),
      ),
    );
    expect(rate?.Properties).toMatchObject({ Threshold: 5, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
    const metricsOf = (
      rate!.Properties!.Metrics as { MetricStat?: { Metric: { MetricName: string; Namespace: string } } }[]
    ).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : []));
    expect(metricsOf).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Namespace: 'AWS/ApiGateway', MetricName: 'Count' }),
        expect.objectContaining({ Namespace: 'AWS/ApiGateway', MetricName: '5xx' }),
      ]),
    );

    const domains = [...synth.api.domainStacks.keys()];
    for (const domain of domains) {
      monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'Gutscheinmarkt',
        MetricName: 'ServerErrors',
        Dimensions: Match.arrayEquals([
          { Name: 'domain', Value: domain },
          { Name: 'service', Value: 'gutscheinmarkt' },
        ]),
        Threshold: 1,
      });
    }
    for (const metric of ['Errors', 'Throttles']) {
      monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName: metric,
        Dimensions: Match.absent(),
      });
    }
  });

  it('alarms on webhook signature failures, failed payouts, SES bounces and complaints', () => {
    for (const metric of ['WebhookSignatureFailures', 'WebhookFailures', 'PayoutsFailed'])
      monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'Gutscheinmarkt',
        MetricName: metric,
        Dimensions: [{ Name: 'service', Value: 'gutscheinmarkt' }],
      });
    for (const metric of ['Bounce', 'Complaint'])
      monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SES',
        MetricName: metric,
        Dimensions: [{ Name: 'mail', Value: 'gutscheinmarkt' }],
      });
  });

  it('alarms on the first message of each scheduled job’s dead-letter queue, the mail queue’s, the stats aggregator’s and the search snapshot’s', () => {
    const dlqAlarms = alarms().filter((a) => a.Properties!.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(dlqAlarms).toHaveLength(SCHEDULED_JOBS.length + 3);
    for (const alarm of dlqAlarms)
      expect(alarm.Properties).toMatchObject({
        Namespace: 'AWS/SQS',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
  });

  it('has one dashboard with the API, the domains, the business metrics and the dead-letter queues', () => {
    const [dashboard] = resourcesOfType(monitoring, 'AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(dashboard![1].Properties!.DashboardBody);
    for (const text of [
      'API requests and 5xx',
      'API latency',
      'Unexpected errors per domain',
      'Dead-letter queues',
      'AWS/WAFV2',
      'Gutscheinmarkt-web',
    ])
      expect(body).toContain(text);
    for (const metric of BUSINESS_METRICS) expect(body).toContain(metric);
    expect(body.match(/ApproximateNumberOfMessagesVisible/g)).toHaveLength(SCHEDULED_JOBS.length + 3);
  });
});

describe('SES configuration set (issue 14)', () => {
  let synth: SynthesisedApp;
  beforeAll(() => {
    synth = synthApp({ domainName: 'gutscheinmarkt.at' });
  }, 120_000);
  afterAll(() => synth.cleanup());

  it('sends CloudWatch events of every mail and is the identity’s default and the mail worker’s SES_CONFIGURATION_SET', () => {
    const stateful = synth.templates.get(synth.stateful.node.path)!.template;
    stateful.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    stateful.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(['bounce', 'complaint']),
        CloudWatchDestination: {
          DimensionConfigurations: [
            { DimensionName: 'mail', DimensionValueSource: 'messageTag', DefaultDimensionValue: 'gutscheinmarkt' },
          ],
        },
      }),
    });
    stateful.hasResourceProperties('AWS::SES::EmailIdentity', {
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    const jobs = synth.templates.get(synth.api.jobs.node.path)!.template;
    const orders = synth.templates.get(synth.api.domainStacks.get('orders')!.node.path)!.template;
    for (const template of [jobs, orders]) {
      const fns = resourcesOfType(template, 'AWS::Lambda::Function');
      expect(fns.length).toBeGreaterThan(0);
      for (const [, fn] of fns) {
        const vars = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(vars).toMatchObject({ POWERTOOLS_SERVICE_NAME: 'gutscheinmarkt', POWERTOOLS_LOG_LEVEL: 'INFO' });
      }
    }
    // Every mail goes through the mail queue: its worker alone sends, naming the configuration set,
    // and sending with a configuration set is authorised on the set too.
    const api = synth.templates.get(synth.api.node.path)!.template;
    const workerId = synth.api.getLogicalId(synth.api.mail.worker.node.defaultChild as never);
    const worker = resourcesOfType(api, 'AWS::Lambda::Function').find(([id]) => id === workerId);
    expect(worker).toBeDefined();
    const workerVars = (worker![1].Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(workerVars.SES_CONFIGURATION_SET).toBeDefined();
    const statements = resourcesOfType(api, 'AWS::IAM::Policy').flatMap(
      ([, p]) => (p.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
    );
    const send = statements.find((s) => JSON.stringify(s.Action).includes('ses:SendEmail'));
    expect(JSON.stringify(send!.Resource)).toContain('configuration-set/');
  });
});

describe('WAF on the distribution (issue 14)', () => {
  let synth: SynthesisedApp;
  beforeAll(() => {
    synth = synthApp();
  }, 120_000);
  afterAll(() => synth.cleanup());

  it('creates a CLOUDFRONT web ACL in us-east-1 with the managed groups and a rate rule per IP', () => {
    expect(synth.waf).toBeDefined();
    expect(synth.waf!.region).toBe('us-east-1');
    const waf = synth.templates.get(synth.waf!.node.path)!.template;
    const [aclResource] = resourcesOfType(waf, 'AWS::WAFv2::WebACL');
    const acl = aclResource![1];
    type Group = { VendorName: string; Name: string; RuleActionOverrides?: unknown; ScopeDownStatement?: unknown };
    const props = acl!.Properties as {
      Scope: string;
      Rules: {
        Name: string;
        Action?: unknown;
        Statement: { ManagedRuleGroupStatement?: Group; RateBasedStatement?: unknown };
      }[];
    };
    expect(props.Scope).toBe('CLOUDFRONT');
    const groups = props.Rules.flatMap((r) =>
      r.Statement.ManagedRuleGroupStatement ? [r.Statement.ManagedRuleGroupStatement] : [],
    );
    expect(groups.map((g) => `${g.VendorName}/${g.Name}`)).toEqual(MANAGED_RULE_GROUPS.map((n) => `AWS/${n}`));
    const rate = props.Rules.find((r) => r.Statement.RateBasedStatement);
    expect(rate).toMatchObject({
      Action: { Block: {} },
      Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: 2000, EvaluationWindowSec: 300 } },
    });
    // The core rule set counts large bodies only, and leaves Stripe's webhook to its signature.
    const common = groups.find((g) => g.Name === 'AWSManagedRulesCommonRuleSet')!;
    expect(common.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    expect(JSON.stringify(common.ScopeDownStatement)).toContain(STRIPE_WEBHOOK_PATH);
    waf.hasResourceProperties('AWS::SSM::Parameter', { Name: wafArnParameterName('Gutscheinmarkt') });
  });

  it('attaches the ACL to the distribution, read from us-east-1 before the edge stack deploys', () => {
    const edge = synth.templates.get(synth.edge.node.path)!.template;
    edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [Match.anyValue(), 'Parameter.Value'] } }),
    });
    edge.hasResourceProperties('Custom::CrossRegionParameter', {
      Create: Match.serializedJson(
        Match.objectLike({
          action: 'getParameter',
          region: 'us-east-1',
          parameters: { Name: wafArnParameterName('Gutscheinmarkt') },
        }),
      ),
    });
    expect(synth.edge.dependencies).toContain(synth.waf);
  });
});

describe('WAF switched off (issue 14)', () => {
  it('-c waf=false leaves out the ACL stack and the distribution has no web ACL', () => {
    const synth = synthApp({ waf: 'false' });
    try {
      expect(synth.waf).toBeUndefined();
      expect([...synth.templates.keys()].some((path) => path.endsWith('-Waf'))).toBe(false);
      const edge = synth.templates.get(synth.edge.node.path)!.template;
      edge.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({ WebACLId: Match.absent() }),
      });
      edge.resourceCountIs('Custom::CrossRegionParameter', 0);
    } finally {
      synth.cleanup();
    }
  }, 120_000);

  it('an existing ACL (wafWebAclArn) is attached as given, with no ACL stack', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/shared/0123abcd';
    const synth = synthApp({ wafWebAclArn: arn });
    try {
      expect(synth.waf).toBeUndefined();
      synth.templates.get(synth.edge.node.path)!.template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({ WebACLId: arn }),
      });
    } finally {
      synth.cleanup();
    }
  }, 120_000);
});
