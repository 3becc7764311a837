import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { GutscheinmarktStacks } from './gutscheinmarkt-app.ts';

/**
 * The cdk-nag (AwsSolutions) findings we accept, each on the narrowest construct it concerns, with
 * its reason. infra/test/cdk-nag.test.ts synthesises the app with the AwsSolutions pack and fails on
 * any other error. Findings whose id carries a synth-time token (cross-stack bucket ARNs, function
 * ARNs) cannot be named here before synthesis: the test accepts those by pattern (ACCEPTED_PATTERNS).
 *
 */
export function acknowledgeNagFindings(s: GutscheinmarktStacks): void {
  const ack = (scope: IConstruct, id: string, reason: string) =>
    Validations.of(scope).acknowledge({ id: `AwsSolutions-${id}`, reason });

  // --- Every Lambda (API routes, jobs, trigger) -------------------------------------------------
  const app = s.stateful.node.scope!;
  ack(
    app,
    'L1',
    'Functions run nodejs22.x on purpose: the bundle targets node22 (esbuild) and is tested on Node 20/22; move with the esbuild target, not by the pack.',
  );
  ack(
    app,
    'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "Only CloudWatch Logs writes (CreateLogGroup/Stream, PutLogEvents); each role's data grants are its own least-privilege policy.",
  );
  ack(
    app,
    'IAM5[Resource::*]',
    'X-Ray PutTraceSegments/PutTelemetryRecords (function tracing) support no resource-level permissions.',
  );
  ack(
    s.api,
    'IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]',
    'SES authorises the sender and (in the sandbox) the recipient identity; the sender is pinned by the ses:FromAddress condition.',
  );

  ack(
    s.api.searchSnapshot.deadLetterQueue,
    'SQS3',
    "This queue is a dead-letter queue itself: the on-failure destination of the search snapshot worker's stream event source mapping (cdk-nag only recognises redrive policies and function DLQs).",
  );
  ack(
    s.api.statsAggregator.deadLetterQueue,
    'SQS3',
    "This queue IS a dead-letter queue: the stats aggregator's stream event source mapping sends the position of a batch that failed for good here (on-failure destination), which cdk-nag does not recognise as a redrive target; the Monitoring stack alarms on its first message.",
  );

  // --- API Gateway ------------------------------------------------------------------------------
  ack(
    s.api,
    'APIG4',
    'Authorisation is in every function (lib/http.ts verifies the Cognito JWT and the route access of the manifest; the authorisation matrix test covers all routes); only CloudFront may call the API (x-origin-verify).',
  );
  // --- Stateful ---------------------------------------------------------------------------------
  ack(
    s.stateful.logBucket,
    'S1',
    'This is the access-log bucket of the other buckets and of the distribution; logging its own access would loop.',
  );
  ack(
    s.stateful.userPool,
    'COG1',
    "Password rules are the spec's (01 §7: 8 to 16 characters, checked by the shared zod schema); the pool policy mirrors them without character-class rules.",
  );
  ack(
    s.stateful.userPool,
    'COG8',
    'Threat protection needs the Plus plan (per MAU); login is throttled per account and IP by the API, and the WAF rate-limits per IP (docs/decisions/infra.md).',
  );

  // --- Edge -------------------------------------------------------------------------------------
  ack(
    s.edge.originSecret,
    'SMG4',
    'The origin-verify value is read at deploy by CloudFront and the functions (dynamic references): rotating it means a redeploy (README), a rotation Lambda could not reach both.',
  );
  ack(
    s.edge.distribution,
    'CFR4',
    'With domainName and certificateArn the distribution requires TLSv1.2_2021; only a stage without its certificate uses the default *.cloudfront.net one, whose minimum protocol CloudFront fixes.',
  );

  // --- Web release (only with -c webDist) ---------------------------------------------------------
  if (s.web) {
    for (const finding of [
      'IAM5[Action::s3:GetBucket*]',
      'IAM5[Action::s3:GetObject*]',
      'IAM5[Action::s3:List*]',
      'IAM5[Action::s3:Abort*]',
      'IAM5[Action::s3:DeleteObject*]',
      'IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
    ])
      ack(
        s.web,
        finding,
        "CDK's BucketDeployment provider copies the release from the CDK asset bucket into the web bucket; its role is CDK's own, scoped to those two buckets (nothing is deleted: prune is off).",
      );
  }
}
