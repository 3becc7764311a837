import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { Domain } from '@gm/functions/routes';
import {
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  SERVER_ERRORS_METRIC,
  type BusinessMetric,
} from '@gm/functions/services/telemetry';
import { MAIL_METRICS } from './stateful-stack.ts';

export type MonitoringStackProps = StackProps & {
  /** The HTTP API (edge stack): request count, 5xx and latency. */
  httpApi: apigw.IHttpApi;
  /** The manifest's domains: one unexpected-error alarm each. */
  domains: readonly Domain[];
  /** Subscribed to the alarm topic by e-mail (CDK context `alarmEmail`); without it nobody is told. */
  alarmEmail?: string;
  /** The CloudFront web ACL's name, when this app creates it: its metrics live in us-east-1. */
  webAclName?: string;
};

const FIVE_MINUTES = Duration.minutes(5);

/** A business metric as Powertools writes it (services/telemetry.ts): namespace Gutscheinmarkt, dimension service. */
export function businessMetric(name: BusinessMetric | typeof SERVER_ERRORS_METRIC, extra: Record<string, string> = {}) {
  return new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: METRICS_SERVICE, ...extra },
    statistic: cloudwatch.Stats.SUM,
    period: FIVE_MINUTES,
  });
}

/** The SES event destination's counts (stateful stack, MAIL_METRICS). */
function mailMetric(name: 'Send' | 'Delivery' | 'Bounce' | 'Complaint' | 'Reject', period = Duration.hours(1)) {
  return new cloudwatch.Metric({
    namespace: 'AWS/SES',
    metricName: name,
    dimensionsMap: { [MAIL_METRICS.dimension]: MAIL_METRICS.value },
    statistic: cloudwatch.Stats.SUM,
    period,
  });
}

/** Lambda's account-wide aggregate (no dimension): every function of the account, jobs and trigger included. */
function lambdaMetric(name: 'Errors' | 'Throttles' | 'Invocations' | 'ConcurrentExecutions', statistic = 'Sum') {
  return new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: name, statistic, period: FIVE_MINUTES });
}

/**
 * Alarms, their SNS topic and the one dashboard (issue 14). Deployed after the API stack: it reads the
 * HTTP API, the business metrics the functions write (Powertools EMF) and every dead-letter queue that
 * `addDlq` registers — the scheduled jobs' here, the mail queue's once it exists.
 *
 * Lambda errors per domain: a metric-math alarm may reference at most 10 metrics, and the domains have
 * up to 46 functions; an alarm per function would be 326 alarm metrics. So each domain gets one alarm
 * on `ServerErrors{domain}`, which the http wrapper counts for every unexpected error and timeout
 * (middy ends the handler before Lambda does), and Lambda's account-wide Errors and Throttles catch
 * what happens outside our code (out of memory, init failures, concurrency).
 */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  private readonly alarmAction: actions.SnsAction;
  private readonly dlqWidget: cloudwatch.GraphWidget;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.topic = new sns.Topic(this, 'Alarms', {
      displayName: 'Gutscheinmarkt alarms',
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    this.alarmAction = new actions.SnsAction(this.topic);

    // API: 5xx rate over 5 minutes, once there is traffic enough for a rate to mean something.
    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
    const errorRate = new cloudwatch.MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      label: '5xx rate (%)',
      period: FIVE_MINUTES,
    });
    this.alarm('Api5xxRate', errorRate, {
      description: 'API: more than 5 % of requests answered 5xx in two of three 5-minute periods',
      threshold: 5,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });

    for (const domain of props.domains) {
      this.alarm(`${pascal(domain)}ServerErrors`, businessMetric(SERVER_ERRORS_METRIC, { domain }), {
        description: `API domain ${domain}: unexpected errors or timeouts (answered 500); the function logs have the route`,
        threshold: 1,
      });
    }
    this.alarm('LambdaErrors', lambdaMetric('Errors'), {
      description: 'Lambda: invocations that failed outside the handlers (crash, out of memory, init, job failure)',
      threshold: 1,
    });
    this.alarm('LambdaThrottles', lambdaMetric('Throttles'), {
      description: "Lambda: invocations throttled (the account's concurrency is exhausted)",
      threshold: 1,
    });

    this.alarm(
      'WebhookSignatureFailures',
      businessMetric('WebhookSignatureFailures').with({ period: Duration.minutes(15) }),
      {
        description:
          'Stripe webhook: signatures refused (forged requests, or the signing secret in SSM no longer matches Stripe)',
        threshold: 5,
      },
    );
    this.alarm('WebhookFailures', businessMetric('WebhookFailures').with({ period: Duration.minutes(15) }), {
      description: 'Stripe webhook: verified events whose processing failed (Stripe retries them)',
      threshold: 3,
    });
    this.alarm('PayoutsFailed', businessMetric('PayoutsFailed').with({ period: Duration.hours(1) }), {
      description: 'Payouts: a seller run failed or Stripe refused a transfer (the invoice stays issued)',
      threshold: 1,
    });

    this.alarm('MailBounces', mailMetric('Bounce'), {
      description: 'SES: 5 or more bounces in an hour (SES pauses sending at a 10 % bounce rate)',
      threshold: 5,
    });
    this.alarm('MailComplaints', mailMetric('Complaint'), {
      description: 'SES: a recipient marked our mail as spam (SES reviews the account at a 0.1 % complaint rate)',
      threshold: 1,
    });

    this.dlqWidget = new cloudwatch.GraphWidget({
      title: 'Dead-letter queues (messages)',
      width: 12,
      left: [],
    });
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.days(1),
      widgets: [
        [
          new cloudwatch.GraphWidget({
            title: 'API requests and 5xx',
            width: 8,
            left: [requests.with({ label: 'requests' })],
            right: [
              serverErrors.with({ label: '5xx' }),
              props.httpApi.metricClientError({ label: '4xx', period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }),
            ],
          }),
          new cloudwatch.GraphWidget({
            title: 'API latency (ms)',
            width: 8,
            left: ['p50', 'p90', 'p99'].map((statistic) =>
              props.httpApi.metricLatency({ statistic, period: FIVE_MINUTES, label: statistic }),
            ),
          }),
          new cloudwatch.GraphWidget({ title: 'API 5xx rate (%)', width: 8, left: [errorRate] }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'Unexpected errors per domain',
            width: 12,
            left: props.domains.map((domain) =>
              businessMetric(SERVER_ERRORS_METRIC, { domain }).with({ label: domain }),
            ),
          }),
          new cloudwatch.GraphWidget({
            title: 'Lambda (all functions)',
            width: 12,
            left: [
              lambdaMetric('Errors').with({ label: 'errors' }),
              lambdaMetric('Throttles').with({ label: 'throttles' }),
            ],
            right: [lambdaMetric('ConcurrentExecutions', 'Maximum').with({ label: 'concurrency (max)' })],
          }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'Sales',
            width: 8,
            left: (['OrdersPaid', 'VouchersIssued'] as const).map((m) =>
              businessMetric(m).with({ label: m, period: Duration.hours(1) }),
            ),
          }),
          new cloudwatch.GraphWidget({
            title: 'Redemptions',
            width: 8,
            left: (['Redemptions', 'RedemptionsRevoked'] as const).map((m) =>
              businessMetric(m).with({ label: m, period: Duration.hours(1) }),
            ),
          }),
          new cloudwatch.GraphWidget({
            title: 'Webhooks and payouts',
            width: 8,
            left: (['WebhookSignatureFailures', 'WebhookFailures', 'PayoutsFailed'] as const).map((m) =>
              businessMetric(m).with({ label: m, period: Duration.hours(1) }),
            ),
            right: [businessMetric('PayoutsSucceeded').with({ label: 'PayoutsSucceeded', period: Duration.hours(1) })],
          }),
        ],
        ...(props.webAclName
          ? [
              [
                new cloudwatch.GraphWidget({
                  title: 'WAF (CloudFront, us-east-1)',
                  width: 24,
                  left: (['AllowedRequests', 'BlockedRequests'] as const).map(
                    (name) =>
                      new cloudwatch.Metric({
                        namespace: 'AWS/WAFV2',
                        metricName: name,
                        dimensionsMap: { WebACL: props.webAclName!, Rule: 'ALL' },
                        region: 'us-east-1',
                        statistic: cloudwatch.Stats.SUM,
                        period: FIVE_MINUTES,
                        label: name,
                      }),
                  ),
                }),
              ],
            ]
          : []),
        [
          this.dlqWidget,
          new cloudwatch.GraphWidget({
            title: 'Mail (SES)',
            width: 12,
            left: (['Send', 'Delivery'] as const).map((m) => mailMetric(m).with({ label: m })),
            right: (['Bounce', 'Complaint', 'Reject'] as const).map((m) => mailMetric(m).with({ label: m })),
          }),
        ],
      ],
    });
  }

  /**
   * A dead-letter queue: an alarm on its first message, and its depth on the dashboard. The scheduled
   * jobs' queues are registered by the app; a new queue (the mail queue's) the same way.
   */
  addDlq(id: string, queue: sqs.IQueue, description: string): cloudwatch.Alarm {
    const depth = queue.metricApproximateNumberOfMessagesVisible({
      period: FIVE_MINUTES,
      statistic: cloudwatch.Stats.MAXIMUM,
    });
    this.dlqWidget.addLeftMetric(depth.with({ label: id }));
    return this.alarm(`${id}DeadLetters`, depth, { description, threshold: 1 });
  }

  /** Every alarm notifies the topic, and says so again when it recovers. */
  private alarm(
    id: string,
    metric: cloudwatch.IMetric,
    options: { description: string; threshold: number; evaluationPeriods?: number; datapointsToAlarm?: number },
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric,
      alarmDescription: options.description,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      ...(options.datapointsToAlarm ? { datapointsToAlarm: options.datapointsToAlarm } : {}),
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.alarmAction);
    alarm.addOkAction(this.alarmAction);
    return alarm;
  }
}

function pascal(value: string): string {
  return value
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
