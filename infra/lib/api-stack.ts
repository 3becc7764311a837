import { existsSync } from 'node:fs';
import { CfnOutput, Duration, NestedStack, Stack, type NestedStackProps, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { Env } from '@gm/functions/lib/env';
import { API_PREFIX, routeKey, type Domain, type RouteDef } from '@gm/functions/routes';
import { paymentEvents } from '@gm/functions/services/orders/payment-events';
import { IMPERSONATION_SIGNING, NEWSLETTER_SECRET } from '@gm/functions/capabilities';
import { CapabilityRoles } from './capability-grants.ts';
import type { ImpersonationSettings, StripeSettings } from './config.ts';
import { ApiFunction, handlerEntry } from './constructs/api-function.ts';
import { JobsStack } from './jobs-stack.ts';
import { MailQueue } from './constructs/mail-queue.ts';
import { SearchSnapshotWorker } from './constructs/search-snapshot-worker.ts';
import { STATS_AGGREGATOR_USES, StatsAggregator } from './constructs/stats-aggregator.ts';
export { sesSendResources } from './constructs/ses-send-resources.ts';

/**
 * The variables env.ts requires; a new one there fails this file's type check until it is set
 * here or listed as defaulted in code. (Env is zod's output type, so defaults look required.)
 */
type DefaultedInCode = 'AWS_REGION' | 'CATALOGUE_CACHE_SECONDS' | 'USER_STATUS_CACHE_SECONDS';
type RequiredEnvName = Exclude<
  { [K in keyof Env]-?: undefined extends Env[K] ? never : K }[keyof Env],
  DefaultedInCode | 'isLocal' | 'cognitoIssuer'
>;
export type LambdaEnvironment = Record<RequiredEnvName, string>;

/** What every route's Lambda needs from the other stacks. */
export type ApiResources = {
  httpApi: apigw.IHttpApi;
  table: dynamodb.ITable;
  mediaBucket: s3.IBucket;
  privateBucket: s3.IBucket;
  userPool: cognito.IUserPool;
  webClient: cognito.IUserPoolClient;
  mailFrom: string;
  /** The SES configuration set of every mail (stateful stack): bounce and complaint metrics. */
  mailConfigurationSet: string;
  contactEmail?: string;
  appUrl: string;
  stripe: StripeSettings;
  impersonation: ImpersonationSettings;
  newsletterSecretParameter: string;
  /** The value CloudFront sends as `x-origin-verify` (issue 14); every function refuses requests without it. */
  originSecret: secretsmanager.ISecret;
  /** Every mail is a job on this queue (issue 14); built by ApiStack. */
  mailQueue: MailQueue;
};

/**
 * File exports (issue 12, large exports): the invoice zip renders PDF after PDF, CPU-bound. 1769 MB is
 * one full vCPU (512 MB is about a third), and 29 s stays below the HTTP API's 30 s integration limit;
 * the memory the export itself needs is far less (reports/bench-exports.md).
 */
export const EXPORT_ROUTES: ReadonlySet<string> = new Set([
  'POST seller-invoice/download-buyer-pdf-invoices',
  'POST seller-invoice/download-order-csv',
  'POST seller-invoice/download-pdf-invoices',
  'POST seller-invoice/download-csv-invoices',
  'POST user-voucher/expired/download-csv',
  'POST accounting/datev',
  'POST accounting/bmd',
  'POST accounting/outstanding-vouchers',
]);
export const EXPORT_FUNCTION = { memorySize: 1769, timeoutSeconds: 29 } as const;

/** Domains whose functions talk to Stripe (checkout and webhook, saved cards and payout status, refunds and payouts). */
export const STRIPE_DOMAINS: readonly Domain[] = ['orders', 'users', 'admin'];

export type ApiStackProps = StackProps & {
  routes: readonly RouteDef[];
  resources: Omit<ApiResources, 'mailQueue'>;
  /** Tests only: code for manifest routes whose handler module does not exist yet. */
  stubForMissingHandlers?: lambda.Code;
};

/**
 * The API's routes, one nested stack per manifest domain, so each template stays far below
 * CloudFormation's 500-resource limit however many endpoints a domain gains.
 */
export class ApiStack extends Stack {
  readonly domainStacks: ReadonlyMap<Domain, DomainRoutesStack>;
  readonly resources: ApiResources;
  /** The scheduled Lambdas (issue 12): expiry reminders, monthly reports. */
  readonly jobs: JobsStack;
  /** The mail queue, its dead-letter queue and alarm, and the mail worker (issue 14). */
  readonly mail: MailQueue;
  /** The search snapshot worker on the table's stream, and its dead-letter queue (issue 15). */
  readonly searchSnapshot: SearchSnapshotWorker;
  /** The table stream's stats aggregator and its dead-letter queue (issue 15). */
  readonly statsAggregator: StatsAggregator;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const given = props.resources;
    this.mail = new MailQueue(this, 'Mail', {
      environment: {
        TABLE_NAME: given.table.tableName,
        MEDIA_BUCKET: given.mediaBucket.bucketName,
        PRIVATE_BUCKET: given.privateBucket.bucketName,
        COGNITO_USER_POOL_ID: given.userPool.userPoolId,
        COGNITO_CLIENT_ID: given.webClient.userPoolClientId,
        MAIL_FROM: given.mailFrom,
        APP_URL: given.appUrl,
        SES_CONFIGURATION_SET: given.mailConfigurationSet,
      } satisfies Omit<LambdaEnvironment, 'MAIL_QUEUE_URL'> & { SES_CONFIGURATION_SET: string },
      table: given.table,
      mediaBucket: given.mediaBucket,
      privateBucket: given.privateBucket,
      mailFrom: given.mailFrom,
      mailConfigurationSet: given.mailConfigurationSet,
      ...(props.stubForMissingHandlers ? { stubForMissingEntry: props.stubForMissingHandlers } : {}),
    });
    this.resources = { ...given, mailQueue: this.mail };
    this.searchSnapshot = new SearchSnapshotWorker(this, 'SearchSnapshot', {
      environment: {
        TABLE_NAME: given.table.tableName,
        MEDIA_BUCKET: given.mediaBucket.bucketName,
        PRIVATE_BUCKET: given.privateBucket.bucketName,
        COGNITO_USER_POOL_ID: given.userPool.userPoolId,
        COGNITO_CLIENT_ID: given.webClient.userPoolClientId,
        MAIL_FROM: given.mailFrom,
        APP_URL: given.appUrl,
      },
      table: given.table,
      privateBucket: given.privateBucket,
      ...(props.stubForMissingHandlers ? { stubForMissingEntry: props.stubForMissingHandlers } : {}),
    });
    // Its role holds exactly STATS_AGGREGATION and INVOICE_NUMBERING; the event source adds the stream read and the DLQ send.
    const aggregatorRoles = new CapabilityRoles(
      this,
      this.resources,
      (names) => `Gutscheinmarkt stats aggregator: ${names}`,
      false,
    );
    this.statsAggregator = new StatsAggregator(this, 'StatsAggregator', {
      environment: {
        TABLE_NAME: given.table.tableName,
        MEDIA_BUCKET: given.mediaBucket.bucketName,
        PRIVATE_BUCKET: given.privateBucket.bucketName,
        COGNITO_USER_POOL_ID: given.userPool.userPoolId,
        COGNITO_CLIENT_ID: given.webClient.userPoolClientId,
        MAIL_FROM: given.mailFrom,
        MAIL_QUEUE_URL: this.mail.queue.queueUrl,
        APP_URL: given.appUrl,
      } satisfies LambdaEnvironment,
      table: given.table,
      role: aggregatorRoles.roleFor(STATS_AGGREGATOR_USES),
      ...(props.stubForMissingHandlers ? { stubForMissingEntry: props.stubForMissingHandlers } : {}),
    });

    const missing = props.routes.filter((r) => !existsSync(handlerEntry(r.handler)));
    if (missing.length > 0 && !props.stubForMissingHandlers) {
      throw new Error(
        `Every manifest route needs its handler module; missing:\n${missing
          .map((r) => `  ${routeKey(r)} → functions/src/handlers/${r.handler}.ts`)
          .join('\n')}`,
      );
    }

    const byDomain = new Map<Domain, RouteDef[]>();
    for (const route of props.routes) byDomain.set(route.domain, [...(byDomain.get(route.domain) ?? []), route]);

    const stacks = new Map<Domain, DomainRoutesStack>();
    for (const [domain, routes] of byDomain) {
      stacks.set(
        domain,
        new DomainRoutesStack(this, `${pascal(domain)}Routes`, {
          description: `Gutscheinmarkt API routes of domain ${domain}`,
          domain,
          routes,
          resources: this.resources,
          ...(props.stubForMissingHandlers ? { stubForMissingHandlers: props.stubForMissingHandlers } : {}),
        }),
      );
    }
    this.domainStacks = stacks;
    this.jobs = new JobsStack(this, 'Jobs', {
      description: 'Gutscheinmarkt scheduled jobs',
      resources: this.resources,
      ...(props.stubForMissingHandlers ? { stubForMissingJobs: props.stubForMissingHandlers } : {}),
    });

    if (props.routes.some((r) => r.path === 'stripe/webhook')) {
      new CfnOutput(this, 'StripeWebhookUrl', {
        value: `${props.resources.appUrl}${API_PREFIX}stripe/webhook`,
        description: `Stripe Dashboard webhook endpoint; events: ${paymentEvents.types().join(', ')}. Its signing secret goes to SSM ${props.resources.stripe.webhookSecretParameter}. Add the same URL as a Connect endpoint (account.updated); its secret goes to SSM ${props.resources.stripe.connectWebhookSecretParameter}`,
      });
    }
  }
}

export type DomainRoutesStackProps = NestedStackProps & {
  domain: Domain;
  routes: readonly RouteDef[];
  resources: ApiResources;
  stubForMissingHandlers?: lambda.Code;
};

export class DomainRoutesStack extends NestedStack {
  readonly functions: ReadonlyMap<string, ApiFunction>;

  constructor(scope: Construct, id: string, props: DomainRoutesStackProps) {
    super(scope, id, props);
    const r = props.resources;
    const usesStripe = STRIPE_DOMAINS.includes(props.domain);
    const environment: LambdaEnvironment &
      Partial<
        Record<
          | 'CONTACT_EMAIL'
          | 'ORIGIN_VERIFY_SECRET'
          | 'STRIPE_SECRET_KEY_PARAMETER'
          | 'STRIPE_WEBHOOK_SECRET_PARAMETER'
          | 'STRIPE_CONNECT_WEBHOOK_SECRET_PARAMETER'
          | 'STRIPE_PUBLISHABLE_KEY'
          | 'IMPERSONATION_PUBLIC_KEY_PARAMETER'
          | 'IMPERSONATION_PRIVATE_KEY_PARAMETER',
          string
        >
      > = {
      TABLE_NAME: r.table.tableName,
      MEDIA_BUCKET: r.mediaBucket.bucketName,
      PRIVATE_BUCKET: r.privateBucket.bucketName,
      COGNITO_USER_POOL_ID: r.userPool.userPoolId,
      COGNITO_CLIENT_ID: r.webClient.userPoolClientId,
      MAIL_FROM: r.mailFrom,
      MAIL_QUEUE_URL: r.mailQueue.queue.queueUrl,
      APP_URL: r.appUrl,
      // Resolved by CloudFormation at deploy (dynamic reference), never written into the template.
      ORIGIN_VERIFY_SECRET: r.originSecret.secretValue.unsafeUnwrap(),
      // Every function verifies impersonation tokens (lib/authenticate.ts).
      IMPERSONATION_PUBLIC_KEY_PARAMETER: r.impersonation.publicKeyParameter,
      ...(r.contactEmail ? { CONTACT_EMAIL: r.contactEmail } : {}),
      ...(usesStripe
        ? {
            STRIPE_SECRET_KEY_PARAMETER: r.stripe.secretKeyParameter,
            STRIPE_WEBHOOK_SECRET_PARAMETER: r.stripe.webhookSecretParameter,
            STRIPE_CONNECT_WEBHOOK_SECRET_PARAMETER: r.stripe.connectWebhookSecretParameter,
            ...(r.stripe.publishableKey ? { STRIPE_PUBLISHABLE_KEY: r.stripe.publishableKey } : {}),
          }
        : {}),
    };

    // Least privilege (issue 14): each function's role holds exactly the capabilities its manifest
    // route declares (`uses`, functions/src/capabilities.ts). Routes with equal declarations share a
    // role, so the stack pays two resources (role, policy) per distinct declaration, not per route.
    const roles = new CapabilityRoles(
      this,
      r,
      (names) => `Gutscheinmarkt API functions of domain ${props.domain}: ${names}`,
    );

    const functions = new Map<string, ApiFunction>();
    for (const route of props.routes) {
      const key = routeKey(route);
      const id = pascal(route.handler);
      const signs = route.uses.includes(IMPERSONATION_SIGNING);
      const fn = new ApiFunction(this, id, {
        entry: handlerEntry(route.handler),
        route,
        description: `${route.method} ${API_PREFIX}${route.path}`,
        environment: {
          ...environment,
          ...(signs ? { IMPERSONATION_PRIVATE_KEY_PARAMETER: r.impersonation.privateKeyParameter } : {}),
          ...(route.uses.includes(NEWSLETTER_SECRET)
            ? { NEWSLETTER_SECRET_PARAMETER: r.newsletterSecretParameter }
            : {}),
        },
        role: roles.roleFor(route.uses),
        ...(EXPORT_ROUTES.has(key)
          ? { memorySize: EXPORT_FUNCTION.memorySize, timeout: Duration.seconds(EXPORT_FUNCTION.timeoutSeconds) }
          : {}),
        ...(props.stubForMissingHandlers ? { stubForMissingEntry: props.stubForMissingHandlers } : {}),
      });
      new apigw.HttpRoute(this, `${id}Route`, {
        httpApi: r.httpApi,
        routeKey: apigw.HttpRouteKey.with(`${API_PREFIX}${route.path}`, apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
      });
      functions.set(key, fn);
    }
    this.functions = functions;
  }
}

function pascal(value: string): string {
  return value
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
