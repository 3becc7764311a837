import type { App, StackProps } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { routes } from '@gm/functions/routes';
import { ApiStack } from './api-stack.ts';
import { readConfig, type AppConfig } from './config.ts';
import { REPO_ROOT } from './constructs/api-function.ts';
import { EdgeStack } from './edge-stack.ts';
import { MonitoringStack } from './monitoring-stack.ts';
import { acknowledgeNagFindings } from './nag-acknowledgements.ts';
import { StatefulStack } from './stateful-stack.ts';
import { WebStack } from './web-stack.ts';
import { WAF_REGION, WafStack, wafArnParameterName } from './waf-stack.ts';

export type GutscheinmarktStacks = {
  config: AppConfig;
  stateful: StatefulStack;
  edge: EdgeStack;
  api: ApiStack;
  /** The CloudFront web ACL in us-east-1; absent with `-c waf=false` or a given `wafWebAclArn`. */
  waf: WafStack | undefined;
  /** Alarms, their SNS topic and the dashboard; `monitoring.addDlq(...)` for a new dead-letter queue. */
  monitoring: MonitoringStack;
  /** Only with context `webDist`: the upload of the built web. */
  web?: WebStack;
};

export type BuildOptions = {
  /** Tests only: code for manifest routes whose handler module does not exist yet. */
  stubForMissingHandlers?: lambda.Code;
};

/**
 * The stacks, in deployment order: stateful (data, never torn down) → edge (HTTP API + CloudFront) →
 * api (one nested stack of Lambdas and routes per manifest domain) → web (the upload of `webDist`,
 * only when that context is given). Stacks are environment-agnostic: the account and region come
 * from the credentials at deploy time.
 */
export function buildApp(app: App, options: BuildOptions = {}): GutscheinmarktStacks {
  const config = readConfig(app.node, REPO_ROOT);
  const common: StackProps = { tags: { project: 'gutscheinmarkt' } };

  const stateful = new StatefulStack(app, `${config.stackPrefix}-Stateful`, {
    ...common,
    description: 'Gutscheinmarkt data: DynamoDB table, S3 buckets, Cognito user pool, SES identity (all retained)',
    config,
  });
  const waf =
    config.waf.enabled && !config.waf.webAclArn
      ? new WafStack(app, `${config.stackPrefix}-Waf`, {
          ...common,
          description: 'Gutscheinmarkt CloudFront web ACL (us-east-1, as CloudFront requires)',
          env: { region: WAF_REGION },
          stackPrefix: config.stackPrefix,
          rateLimit: config.waf.rateLimit,
        })
      : undefined;
  const edge = new EdgeStack(app, `${config.stackPrefix}-Edge`, {
    ...common,
    description: 'Gutscheinmarkt HTTP API and CloudFront distribution',
    config,
    webBucket: stateful.webBucket,
    mediaBucket: stateful.mediaBucket,
    privateBucket: stateful.privateBucket,
    logBucket: stateful.logBucket,
    ...(config.waf.webAclArn
      ? { webAcl: { arn: config.waf.webAclArn } }
      : waf
        ? { webAcl: { parameterName: wafArnParameterName(config.stackPrefix), region: WAF_REGION } }
        : {}),
  });
  // Read by name, not by reference (regions differ): the ACL must exist before the edge stack reads it.
  if (waf) edge.addStackDependency(waf);
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
      mailFrom: config.mailFrom,
      mailConfigurationSet: stateful.mailConfigurationSet.configurationSetName,
      ...(config.contactEmail ? { contactEmail: config.contactEmail } : {}),
      appUrl: edge.appUrl,
      stripe: config.stripe,
      impersonation: config.impersonation,
      newsletterSecretParameter: config.newsletterSecretParameter,
      originSecret: edge.originSecret,
    },
    ...(options.stubForMissingHandlers ? { stubForMissingHandlers: options.stubForMissingHandlers } : {}),
  });
  const monitoring = new MonitoringStack(app, `${config.stackPrefix}-Monitoring`, {
    ...common,
    description: 'Gutscheinmarkt alarms (SNS), dashboard',
    httpApi: edge.httpApi,
    domains: [...api.domainStacks.keys()],
    ...(config.alarmEmail ? { alarmEmail: config.alarmEmail } : {}),
    ...(waf ? { webAclName: waf.webAclName } : {}),
  });
  for (const [name, job] of api.jobs.jobs) {
    monitoring.addDlq(
      pascalCase(name),
      job.deadLetterQueue,
      `Scheduled job ${name} failed (a message is in its dead-letter queue)`,
    );
  }
  monitoring.addDlq(
    'SearchSnapshot',
    api.searchSnapshot.deadLetterQueue,
    'A search snapshot rebuild failed after its retries (the search serves the previous snapshot until the next change)',
  );
  monitoring.addDlq(
    'StatsAggregator',
    api.statsAggregator.deadLetterQueue,
    'Stream records the stats aggregator failed on (dashboard figures are missing them until replayed)',
  );
  monitoring.addDlq(
    'Mail',
    api.mail.deadLetterQueue,
    'A mail failed five times (a job is in the mail dead-letter queue)',
  );
  if (!config.webDist) {
    const stacks = { config, stateful, edge, api, waf, monitoring };
    acknowledgeNagFindings(stacks);
    return stacks;
  }
  const web = new WebStack(app, `${config.stackPrefix}-Web`, {
    ...common,
    description: 'Gutscheinmarkt web release: web/dist to the web bucket (hashed assets kept, index.html no-cache)',
    webDist: config.webDist,
    webBucket: stateful.webBucket,
    distribution: edge.distribution,
  });
  // The new web goes live after the API it calls.
  web.addStackDependency(api);
  const stacks = { config, stateful, edge, api, waf, monitoring, web };
  acknowledgeNagFindings(stacks);
  return stacks;
}

function pascalCase(value: string): string {
  return value
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
