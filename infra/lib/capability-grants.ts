import { createHash } from 'node:crypto';
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { grantsKey, grantsOf, type ParameterName, type Uses } from '@gm/functions/capabilities';
import type { ApiResources } from './api-stack.ts';

/**
 * The IAM side of the manifest's capability declarations (functions/src/capabilities.ts): a role
 * holds exactly the grants of the capabilities it is built for. Functions with equal declarations
 * share a role (`CapabilityRoles`), so a domain stack pays two resources per distinct declaration,
 * not per route.
 */
export function grantUses(role: iam.Role, uses: Uses, r: ApiResources, verifiesTokens = true): void {
  const g = grantsOf(uses);
  const stack = Stack.of(role);
  if (g.table.length > 0) {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: g.table, resources: [r.table.tableArn] }));
  }
  for (const scoped of g.scopedTable) {
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: scoped.actions,
        resources: [r.table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': scoped.partitions.map((prefix) => `${prefix}*`) },
        },
      }),
    );
  }
  if (g.indexes.length > 0) {
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: g.indexes.map((index) => `${r.table.tableArn}/index/${index}`),
      }),
    );
  }
  for (const o of g.objects) {
    const bucket = o.bucket === 'media' ? r.mediaBucket : r.privateBucket;
    const objectActions = o.actions.filter((a) => a !== 's3:ListBucket');
    if (objectActions.length > 0) {
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: objectActions, resources: [bucket.arnForObjects(`${o.prefix}*`)] }),
      );
    }
    if (o.actions.includes('s3:ListBucket')) {
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${o.prefix}*`] } },
        }),
      );
    }
  }
  if (g.cognito.length > 0) {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: g.cognito, resources: [r.userPool.userPoolArn] }));
  }
  if (g.mail) {
    // Every mail is a job on the mail queue (SSE-SQS: no KMS grant); its worker alone sends through SES.
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [r.mailQueue.queue.queueArn] }),
    );
  }
  const parameters = [
    // Every API function verifies impersonation tokens (lib/authenticate.ts); the jobs verify none.
    ...(verifiesTokens ? [r.impersonation.publicKeyParameter] : []),
    ...g.parameters.flatMap((p) => parameterNames(p, r)),
  ];
  if (parameters.length === 0) return;
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['ssm:GetParameters'],
      // SecureStrings with the default key aws/ssm need no KMS grant.
      resources: parameters.map((name) =>
        stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: name.replace(/^\//, '') }),
      ),
    }),
  );
}

export function parameterNames(p: ParameterName, r: ApiResources): string[] {
  switch (p) {
    case 'stripe':
      return [r.stripe.secretKeyParameter, r.stripe.webhookSecretParameter, r.stripe.connectWebhookSecretParameter];
    case 'newsletterSecret':
      return [r.newsletterSecretParameter];
    case 'impersonationPrivateKey':
      return [r.impersonation.privateKeyParameter];
  }
}

/** One role per distinct declaration in a scope; its id is derived from the grants, so it stays stable. */
export class CapabilityRoles {
  private readonly roles = new Map<string, iam.Role>();

  constructor(
    private readonly scope: Construct,
    private readonly resources: ApiResources,
    private readonly describe: (names: string) => string,
    private readonly verifiesTokens = true,
  ) {}

  roleFor(uses: Uses): iam.Role {
    const key = grantsKey(uses);
    const existing = this.roles.get(key);
    if (existing) return existing;
    const id = `Role${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
    const names = [...new Set(uses.map((c) => c.name))].sort().join(', ') || 'no AWS access';
    const role = new iam.Role(this.scope, id, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: this.describe(names).slice(0, 1000),
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    grantUses(role, uses, this.resources, this.verifiesTokens);
    this.roles.set(key, role);
    return role;
  }
}
