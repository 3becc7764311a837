import type { BucketName, Grants, ParameterName } from '../../functions/src/capabilities.ts';
import type { SdkCall } from '../../functions/src/lib/sdk-call-observer.ts';

/**
 * The local stand-in for the per-function IAM policies: what an SDK call needs (as IAM would ask
 * for it) and whether a route's declared capabilities grant it. The local API runs every handler
 * with this check around its clients, so an integration test that reaches a call the route's
 * declaration (functions/src/routes.ts) does not cover fails, as the call would on AWS.
 */
export type Need =
  | { kind: 'table'; action: string; index?: string; partition?: string }
  | { kind: 'object'; action: string; bucket: BucketName | 'unknown'; key: string }
  | { kind: 'cognito'; action: string }
  | { kind: 'mail'; action: string }
  | { kind: 'parameter'; action: string; parameter: ParameterName | 'public' | 'unknown' }
  | { kind: 'other'; action: string };

export type GuardEnv = {
  MEDIA_BUCKET?: string;
  PRIVATE_BUCKET?: string;
  STRIPE_SECRET_KEY_PARAMETER?: string;
  STRIPE_WEBHOOK_SECRET_PARAMETER?: string;
  STRIPE_CONNECT_WEBHOOK_SECRET_PARAMETER?: string;
  NEWSLETTER_SECRET_PARAMETER?: string;
  IMPERSONATION_PUBLIC_KEY_PARAMETER?: string;
  IMPERSONATION_PRIVATE_KEY_PARAMETER?: string;
};

/** Cognito calls authorised by the user's own token or none at all: no IAM permission involved. */
const COGNITO_WITHOUT_IAM = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'RevokeToken',
  'GlobalSignOut',
  'GetUser',
  'GetTokensFromRefreshToken',
]);

const TABLE_ACTIONS: Record<string, string> = {
  GetItem: 'dynamodb:GetItem',
  Get: 'dynamodb:GetItem',
  BatchGetItem: 'dynamodb:BatchGetItem',
  BatchGet: 'dynamodb:BatchGetItem',
  Query: 'dynamodb:Query',
  PutItem: 'dynamodb:PutItem',
  Put: 'dynamodb:PutItem',
  UpdateItem: 'dynamodb:UpdateItem',
  Update: 'dynamodb:UpdateItem',
  DeleteItem: 'dynamodb:DeleteItem',
  Delete: 'dynamodb:DeleteItem',
  BatchWriteItem: 'dynamodb:BatchWriteItem',
  BatchWrite: 'dynamodb:BatchWriteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

type Attr = string | { S?: string } | undefined;
function text(value: unknown): string | undefined {
  const v = value as Attr;
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof v.S === 'string') return v.S;
  return undefined;
}

/** `USER#` of `USER#123`: the partition key's prefix, the unit `dynamodb:LeadingKeys` conditions could use. */
function prefixOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const hash = value.indexOf('#');
  return hash >= 0 ? value.slice(0, hash + 1) : value;
}

function partitionOfKey(key: unknown, attribute = 'PK'): string | undefined {
  return prefixOf(text((key as Record<string, unknown> | undefined)?.[attribute]));
}

function partitionOfQuery(input: Record<string, unknown>): string | undefined {
  const condition = String(input.KeyConditionExpression ?? '');
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
  const pkName = input.IndexName ? `${String(input.IndexName)}PK` : 'PK';
  for (const [, name, value] of condition.matchAll(/(#?[A-Za-z0-9_]+)\s*=\s*(:[A-Za-z0-9_]+)/g)) {
    const attribute = name!.startsWith('#') ? names[name!] : name;
    if (attribute === pkName) return prefixOf(text(values[value!]));
  }
  return undefined;
}

function tableNeeds(command: string, input: Record<string, unknown>): Need[] {
  if (command === 'TransactWriteItems' || command === 'TransactWrite') {
    return ((input.TransactItems ?? []) as Record<string, Record<string, unknown>>[]).flatMap((item) =>
      Object.entries(item).map(([op, body]) => ({
        kind: 'table' as const,
        action: TABLE_ACTIONS[op] ?? `dynamodb:${op}`,
        partition: partitionOfKey(body.Key ?? body.Item),
      })),
    );
  }
  if (command === 'TransactGetItems' || command === 'TransactGet') {
    return ((input.TransactItems ?? []) as { Get?: { Key?: unknown } }[]).map((item) => ({
      kind: 'table' as const,
      action: 'dynamodb:GetItem',
      partition: partitionOfKey(item.Get?.Key),
    }));
  }
  const action = TABLE_ACTIONS[command];
  if (!action) return [{ kind: 'table', action: `dynamodb:${command}` }];
  if (action === 'dynamodb:Query') {
    return [
      {
        kind: 'table',
        action,
        ...(input.IndexName ? { index: String(input.IndexName) } : {}),
        partition: partitionOfQuery(input),
      },
    ];
  }
  if (action === 'dynamodb:BatchGetItem' || action === 'dynamodb:BatchWriteItem') {
    const requests = Object.values((input.RequestItems ?? {}) as Record<string, unknown>);
    const partitions = requests.flatMap((r) =>
      Array.isArray(r)
        ? r.map((w: { PutRequest?: { Item?: unknown }; DeleteRequest?: { Key?: unknown } }) =>
            partitionOfKey(w.PutRequest?.Item ?? w.DeleteRequest?.Key),
          )
        : ((r as { Keys?: unknown[] }).Keys ?? []).map((k) => partitionOfKey(k)),
    );
    return [...new Set(partitions)].map((partition) => ({ kind: 'table', action, partition }));
  }
  return [{ kind: 'table', action, partition: partitionOfKey(input.Key ?? input.Item) }];
}

function bucketOf(name: unknown, env: GuardEnv): BucketName | 'unknown' {
  if (name === env.MEDIA_BUCKET) return 'media';
  if (name === env.PRIVATE_BUCKET) return 'private';
  return 'unknown';
}

function objectNeeds(command: string, input: Record<string, unknown>, env: GuardEnv): Need[] {
  const here = { bucket: bucketOf(input.Bucket, env), key: String(input.Key ?? '') };
  switch (command) {
    case 'GetObject':
    case 'HeadObject':
      return [{ kind: 'object', action: 's3:GetObject', ...here }];
    // PutObject, and lib-storage's Upload of a large body (multipart), authorised as PutObject.
    case 'PutObject':
    case 'CreateMultipartUpload':
    case 'UploadPart':
    case 'CompleteMultipartUpload':
      return [{ kind: 'object', action: 's3:PutObject', ...here }];
    case 'DeleteObject':
      return [{ kind: 'object', action: 's3:DeleteObject', ...here }];
    case 'ListObjectsV2':
      return [{ kind: 'object', action: 's3:ListBucket', ...here, key: String(input.Prefix ?? '') }];
    case 'CopyObject': {
      const source = decodeURIComponent(String(input.CopySource ?? '')).replace(/^\//, '');
      const slash = source.indexOf('/');
      return [
        {
          kind: 'object',
          action: 's3:GetObject',
          bucket: bucketOf(source.slice(0, slash), env),
          key: source.slice(slash + 1),
        },
        { kind: 'object', action: 's3:PutObject', ...here },
      ];
    }
    default:
      return [{ kind: 'object', action: `s3:${command}`, ...here }];
  }
}

function parameterOf(name: string, env: GuardEnv): ParameterName | 'public' | 'unknown' {
  if (name === env.IMPERSONATION_PUBLIC_KEY_PARAMETER) return 'public';
  if (name === env.IMPERSONATION_PRIVATE_KEY_PARAMETER) return 'impersonationPrivateKey';
  if (name === env.NEWSLETTER_SECRET_PARAMETER) return 'newsletterSecret';
  if (
    [env.STRIPE_SECRET_KEY_PARAMETER, env.STRIPE_WEBHOOK_SECRET_PARAMETER, env.STRIPE_CONNECT_WEBHOOK_SECRET_PARAMETER]
      .filter(Boolean)
      .includes(name)
  )
    return 'stripe';
  return 'unknown';
}

/** What IAM would ask of this call. */
export function needsOf(call: SdkCall, env: GuardEnv): Need[] {
  const command = call.command.replace(/Command$/, '');
  switch (call.service) {
    case 'dynamodb':
      return tableNeeds(command, call.input);
    case 's3':
      return objectNeeds(command, call.input, env);
    case 'cognito':
      return COGNITO_WITHOUT_IAM.has(command) ? [] : [{ kind: 'cognito', action: `cognito-idp:${command}` }];
    case 'ses':
      // Only the mail worker sends through SES; a route that does is refused (no capability grants it).
      return [{ kind: 'other', action: `ses:${command}` }];
    case 'sqs':
      return [{ kind: 'mail', action: command === 'SendMessage' ? 'sqs:SendMessage' : `sqs:${command}` }];
    case 'ssm':
      return command === 'GetParameters' || command === 'GetParameter'
        ? ((call.input.Names as string[] | undefined) ?? [String(call.input.Name)]).map((name) => ({
            kind: 'parameter' as const,
            action: 'ssm:GetParameters',
            parameter: parameterOf(name, env),
          }))
        : [{ kind: 'other', action: `ssm:${command}` }];
  }
}

/** Whether the grants cover the need. */
export function granted(need: Need, grants: Grants): boolean {
  switch (need.kind) {
    case 'table':
      if (need.index) return need.action === 'dynamodb:Query' && grants.indexes.includes(need.index as never);
      return (
        grants.table.includes(need.action as never) ||
        grants.scopedTable.some(
          (scoped) =>
            scoped.actions.includes(need.action as never) &&
            need.partition !== undefined &&
            scoped.partitions.some((prefix) => need.partition!.startsWith(prefix)),
        )
      );
    case 'object':
      return grants.objects.some(
        (o) => o.bucket === need.bucket && need.key.startsWith(o.prefix) && o.actions.includes(need.action as never),
      );
    case 'cognito':
      return grants.cognito.includes(need.action);
    case 'mail':
      return grants.mail && need.action === 'sqs:SendMessage';
    case 'parameter':
      return need.parameter === 'public' || grants.parameters.includes(need.parameter as never);
    case 'other':
      return false;
  }
}

export function describeNeed(need: Need): string {
  switch (need.kind) {
    case 'table':
      return `${need.action}${need.index ? ` on index ${need.index}` : ''}${need.partition ? ` (${need.partition}…)` : ''}`;
    case 'object':
      return `${need.action} on ${need.bucket} bucket ${need.key}`;
    case 'parameter':
      return `${need.action} of ${need.parameter}`;
    default:
      return need.action;
  }
}
