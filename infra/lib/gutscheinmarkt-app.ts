import type { App, StackProps } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { routes } from '@gm/functions/routes';
import { ApiStack } from './api-stack.ts';
import { readConfig, type AppConfig } from './config.ts';
import { EdgeStack } from './edge-stack.ts';
import { acknowledgeNagFindings } from './nag-acknowledgements.ts';
import { StatefulStack } from './stateful-stack.ts';

/** Used only when neither domainName nor mailFrom is given; ApiStack warns about it at synth. */
export const NO_MAIL_FROM = 'noreply@mail-not-configured.invalid';

export type GutscheinmarktStacks = {
  config: AppConfig;
  stateful: StatefulStack;
  edge: EdgeStack;
  api: ApiStack;
};

export type BuildOptions = {
  /** Tests only: code for manifest routes whose handler module does not exist yet. */
  stubForMissingHandlers?: lambda.Code;
};

/**
 * The three stacks, in deployment order: stateful (data, never torn down) → edge (HTTP API +
 * CloudFront) → api (one nested stack of Lambdas and routes per manifest domain). Stacks are
 * environment-agnostic: the account and region come from the credentials at deploy time.
 */
export function buildApp(app: App, options: BuildOptions = {}): GutscheinmarktStacks {
  const config = readConfig(app.node);
  const common: StackProps = { tags: { project: 'gutscheinmarkt' } };

  const stateful = new StatefulStack(app, `${config.stackPrefix}-Stateful`, {
    ...common,
    description: 'Gutscheinmarkt data: DynamoDB table, S3 buckets, Cognito user pool, SES identity (all retained)',
    config,
  });
  const edge = new EdgeStack(app, `${config.stackPrefix}-Edge`, {
    ...common,
    description: 'Gutscheinmarkt HTTP API and CloudFront distribution',
    config,
    webBucket: stateful.webBucket,
    mediaBucket: stateful.mediaBucket,
    privateBucket: stateful.privateBucket,
  });
  const api = new ApiStack(app, `${config.stackPrefix}-Api`, {
    ...common,
    description: 'Gutscheinmarkt API Lambdas and routes, one nested stack per domain',
    routes,
    resources: {
      httpApi: edge.httpApi,
      table: stateful.table,
      mediaBucket: stateful.mediaBucket,
      privateBucket: stateful.privateBucket,
      userPool: stateful.userPool,
      webClient: stateful.webClient,
      mailFrom: config.mailFrom ?? NO_MAIL_FROM,
      ...(config.contactEmail ? { contactEmail: config.contactEmail } : {}),
      appUrl: edge.appUrl,
      stripe: config.stripe,
      impersonation: config.impersonation,
      newsletterSecretParameter: config.newsletterSecretParameter,
      originSecret: edge.originSecret,
    },
    ...(options.stubForMissingHandlers ? { stubForMissingHandlers: options.stubForMissingHandlers } : {}),
  });
  const stacks = { config, stateful, edge, api };
  acknowledgeNagFindings(stacks);
  return stacks;
}
