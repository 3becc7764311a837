import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { grantsOf, type Uses } from '@gm/functions/capabilities';
import { API_PREFIX, routeKey, routes, type RouteDef } from '@gm/functions/routes';
import { SCHEDULED_JOBS } from '../lib/jobs-stack.ts';
import { resourcesOfType, synthApp, type SynthesisedApp } from './synth-app.ts';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

/** The statements of every policy attached to the role a function runs with. */
function statementsOf(template: Template, fn: { Properties?: Record<string, unknown> }): Statement[] {
  const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return resourcesOfType(template, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties!.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
}

const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
/**
 * X-Ray (tracing) and the job's dead-letter queue are the construct's, not the declaration's; sending
 * to the mail queue (MAIL) is checked on its own below.
 */
const OWN = /^(xray:|sqs:(SendMessage|GetQueueAttributes|GetQueueUrl)$)/;

/** What the declaration allows, as IAM actions (every function also reads the impersonation public key). */
function expectedActions(uses: Uses): string[] {
  const g = grantsOf(uses);
  return [
    ...new Set([
      ...g.table,
      ...g.scopedTable.flatMap((t) => t.actions),
      ...(g.indexes.length ? ['dynamodb:Query'] : []),
      ...g.objects.flatMap((o) => o.actions),
      ...g.cognito,
      'ssm:GetParameters',
    ]),
  ].sort();
}

describe('least privilege: each function holds exactly its declared capabilities', () => {
  let synth: SynthesisedApp;
  const byRoute = new Map<string, { statements: Statement[]; route: RouteDef }>();
  beforeAll(() => {
    synth = synthApp();
    for (const [, stack] of synth.api.domainStacks) {
      const { template } = synth.templates.get(stack.node.path)!;
      for (const [, fn] of resourcesOfType(template, 'AWS::Lambda::Function')) {
        const route = (routes as readonly RouteDef[]).find(
          (r) => fn.Properties!.Description === `${r.method} ${API_PREFIX}${r.path}`,
        );
        if (route) byRoute.set(routeKey(route), { statements: statementsOf(template, fn), route });
      }
    }
  }, 60_000);
  afterAll(() => synth.cleanup());

  const actions = (key: string) =>
    [
      ...new Set(
        byRoute
          .get(key)!
          .statements.flatMap(actionsOf)
          .filter((a) => !OWN.test(a)),
      ),
    ].sort();
  const statementsWith = (key: string, action: string) =>
    byRoute.get(key)!.statements.filter((s) => actionsOf(s).includes(action));

  it('finds the role of every route', () => {
    expect(byRoute.size).toBe(routes.length);
  });

  it.each((routes as readonly RouteDef[]).map((r) => [routeKey(r), r] as const))(
    '%s: its policy lists exactly the declared actions, on the declared resources',
    (key, route) => {
      expect(actions(key)).toEqual(expectedActions(route.uses));
      const g = grantsOf(route.uses);
      const text = JSON.stringify(byRoute.get(key)!.statements);
      // Indexes: only the declared ones, never `index/*`.
      expect(text).not.toContain('index/*');
      for (const index of ['GSI1', 'GSI2', 'GSI3'] as const)
        expect(text.includes(`/index/${index}`), `${key} ${index}`).toBe(g.indexes.includes(index));
      // Objects: only below the declared prefixes.
      for (const s of byRoute.get(key)!.statements.filter((st) => actionsOf(st).some((a) => a.startsWith('s3:')))) {
        const resource = JSON.stringify(s.Resource);
        if (actionsOf(s).includes('s3:ListBucket')) {
          expect(JSON.stringify(s.Condition)).toMatch(/s3:prefix/);
          continue;
        }
        expect(
          g.objects.some((o) => resource.includes(`/${o.prefix}*`)),
          `${key}: ${resource}`,
        ).toBe(true);
      }
      // Mail is a job on the mail queue: no route talks to SES, and only MAIL routes may send to the queue.
      expect(text).not.toContain('ses:');
      expect(statementsWith(key, 'sqs:SendMessage').length > 0, key).toBe(g.mail);
      for (const s of statementsWith(key, 'ssm:GetParameters')) expect(JSON.stringify(s.Resource)).not.toContain('*');
    },
  );

  it('the public catalogue reads only: search and voucher pages can write nothing, send nothing, read no bucket but the search snapshots', () => {
    for (const key of ['POST voucher/search', 'GET voucher', 'GET voucher/{id}', 'GET voucher-category']) {
      expect(actions(key), key).not.toContain('dynamodb:PutItem');
      expect(actions(key), key).not.toContain('dynamodb:UpdateItem');
      expect(actions(key), key).not.toContain('dynamodb:DeleteItem');
      const reads = key === 'POST voucher/search' || key === 'GET voucher' ? ['s3:GetObject'] : [];
      expect(
        actions(key).filter((a) => /^(s3|ses|cognito-idp):/.test(a)),
        key,
      ).toEqual(reads);
    }
    for (const key of ['POST voucher/search', 'GET voucher'])
      expect(JSON.stringify(statementsWith(key, 's3:GetObject')), key).toContain('/search-snapshots/*');
  });

  it('the search and the public list never Query the catalogue projection (issue 15): only the category tree, by LeadingKeys', () => {
    expect(actions('GET voucher')).not.toContain('dynamodb:Query');
    const queries = statementsWith('POST voucher/search', 'dynamodb:Query');
    expect(queries).toHaveLength(1);
    expect(JSON.stringify(queries[0])).toContain('"dynamodb:LeadingKeys":["CATEGORY*"]');
  });

  it('the scanner redeem touches no Cognito, no bucket, no mail and no Stripe key', () => {
    expect(actions('POST redemption').filter((a) => /^(s3|ses|cognito-idp):/.test(a))).toEqual([]);
    expect(JSON.stringify(statementsWith('POST redemption', 'ssm:GetParameters'))).not.toContain('stripe');
  });

  it('only registration and scanner creation may create sign-ins; only the change-role function reads the signing key', () => {
    const creators = [...byRoute.keys()].filter((k) => actions(k).includes('cognito-idp:AdminCreateUser')).sort();
    expect(creators).toEqual(['POST auth/register', 'POST scanner-user']);
    const signers = [...byRoute.keys()].filter((k) =>
      JSON.stringify(statementsWith(k, 'ssm:GetParameters')).includes('impersonation/private-key'),
    );
    expect(signers).toEqual(['POST auth/change-role']);
  });

  it('login signs in with the public client only: no Cognito admin action, and writes only rate-limit counters and its session', () => {
    expect(actions('POST auth/login').filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
    for (const key of ['POST auth/login', 'POST auth/unique', 'POST check-coupon', 'POST balance-check']) {
      const writes = byRoute
        .get(key)!
        .statements.filter((s) => actionsOf(s).some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)));
      expect(writes.length, key).toBeGreaterThan(0);
      for (const s of writes) {
        // Login also stores its sign-in session, only on the user's own partition family (issue 14).
        if (key === 'POST auth/login' && actionsOf(s).includes('dynamodb:PutItem')) {
          expect(actionsOf(s), key).toEqual(['dynamodb:DeleteItem', 'dynamodb:PutItem']);
          expect(s.Condition, key).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*'] } });
          continue;
        }
        expect(actionsOf(s), key).toEqual(['dynamodb:UpdateItem']);
        expect(s.Condition, key).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] } });
      }
    }
  });

  it('the scheduled jobs hold exactly their declared capabilities', () => {
    const { template } = synth.templates.get(synth.api.jobs.node.path)!;
    for (const def of SCHEDULED_JOBS) {
      const fn = resourcesOfType(template, 'AWS::Lambda::Function').find(([id]) => id.startsWith(def.id))!;
      expect(fn, def.id).toBeDefined();
      const got = [
        ...new Set(
          statementsOf(template, fn[1])
            .flatMap(actionsOf)
            .filter((a) => !OWN.test(a)),
        ),
      ].sort();
      const expected = expectedActions(def.uses).filter(
        (a) => a !== 'ssm:GetParameters' || grantsOf(def.uses).parameters.length > 0,
      );
      expect(got, def.id).toEqual(expected);
    }
  });
});
