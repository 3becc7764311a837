import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { API_PREFIX, routeKey, routes, type RouteDef } from '@gm/functions/routes';
import { NOTHING } from '@gm/functions/capabilities';
import { BUNDLED_ROUTE, routeDefine } from '@gm/functions/bundle-options';
import { ApiStack, EXPORT_FUNCTION, EXPORT_ROUTES, STRIPE_DOMAINS } from '../lib/api-stack.ts';
import { SCHEDULED_JOBS } from '../lib/jobs-stack.ts';
import { ApiFunction, handlerEntry } from '../lib/constructs/api-function.ts';
import { resourcesOfType, synthApp, type SynthesisedApp } from './synth-app.ts';

type Resource = { Properties?: Record<string, unknown> } & Record<string, unknown>;

describe('API stack', () => {
  let synth: SynthesisedApp;
  let all: { path: string; template: Template }[];
  beforeAll(() => {
    synth = synthApp();
    // The route stacks; the scheduled jobs' nested stack and the mail worker (in the API stack itself)
    // have tests of their own (jobs-stack.test.ts, mail-queue.test.ts); the edge stack's one function
    // reads the WAF's ARN across regions (observability.test.ts).
    all = [...synth.templates]
      .filter(([p]) => p !== synth.api.jobs.node.path && p !== synth.api.node.path && p !== synth.edge.node.path)
      .map(([p, { template }]) => ({ path: p, template }));
  }, 60_000);
  afterAll(() => synth.cleanup());

  const functionsIn = (t: Template) => resourcesOfType(t, 'AWS::Lambda::Function');

  it('has exactly one Lambda function per manifest route (and per scheduled job in the jobs stack), and no others', () => {
    const count = all.reduce((n, { template }) => n + functionsIn(template).length, 0);
    expect(count).toBe(routes.length);
    const jobs = synth.templates.get(synth.api.jobs.node.path)!.template;
    expect(functionsIn(jobs)).toHaveLength(SCHEDULED_JOBS.length);
    const apiFunctions = synth.app.node.findAll().filter((c): c is ApiFunction => c instanceof ApiFunction);
    // …and the mail worker (issue 14), the stats aggregator and the search snapshot worker (issue 15).
    expect(apiFunctions).toHaveLength(routes.length + SCHEDULED_JOBS.length + 3);
  });

  it('builds each function from the manifest handler module at functions/src/handlers/<handler>.ts', () => {
    for (const route of routes) {
      const domainStack = synth.api.domainStacks.get(route.domain);
      const fn = domainStack?.functions.get(routeKey(route));
      expect(fn, routeKey(route)).toBeDefined();
      expect(fn!.entry).toBe(handlerEntry(route.handler));
      expect(path.relative(fn!.entry, handlerEntry(route.handler))).toBe('');
    }
  });

  it("bundles each route's own manifest entry (its access rule and domain) instead of the manifest", () => {
    for (const route of routes) {
      const fn = synth.api.domainStacks.get(route.domain)?.functions.get(routeKey(route));
      expect(fn!.define, routeKey(route)).toEqual(routeDefine(route));
      expect(JSON.parse(JSON.parse(fn!.define![BUNDLED_ROUTE]!) as string)).toEqual({
        access: route.access,
        domain: route.domain,
      });
    }
  });

  it('routes every manifest entry with its method and /api/v1/ path to its own function', () => {
    const seen: string[] = [];
    for (const { template } of all) {
      const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
      const functions = template.findResources('AWS::Lambda::Function') as Record<string, Resource>;
      for (const [, route] of resourcesOfType(template, 'AWS::ApiGatewayV2::Route')) {
        const key = route.Properties!.RouteKey as string;
        seen.push(key);
        const target = JSON.stringify(route.Properties!.Target);
        const integrationId = Object.keys(integrations).find((id) => target.includes(`"${id}"`));
        expect(integrationId, `integration of ${key}`).toBeDefined();
        const uri = JSON.stringify(integrations[integrationId!]!.Properties!.IntegrationUri);
        const fnId = Object.keys(functions).find((id) => uri.includes(`"${id}"`));
        expect(fnId, `function of ${key}`).toBeDefined();
        expect(functions[fnId!]!.Properties!.Description).toBe(key);
      }
    }
    const expected = routes.map((r) => `${r.method} ${API_PREFIX}${r.path}`);
    expect(seen.sort()).toEqual([...expected].sort());
  });

  it('puts each domain into its own nested stack', () => {
    const domains = new Set(routes.map((r) => r.domain));
    expect([...synth.api.domainStacks.keys()].sort()).toEqual([...domains].sort());
    for (const [domain, stack] of synth.api.domainStacks) {
      const routeKeys = resourcesOfType(synth.templates.get(stack.node.path)!.template, 'AWS::ApiGatewayV2::Route').map(
        ([, r]) => r.Properties!.RouteKey,
      );
      expect(routeKeys.sort()).toEqual(
        routes
          .filter((r) => r.domain === domain)
          .map((r) => `${r.method} ${API_PREFIX}${r.path}`)
          .sort(),
      );
    }
  });

  it('runs every function on nodejs22.x arm64 with 512 MB, 10 s (exports: one vCPU, 29 s), X-Ray and a one-month log group', () => {
    const exports = new Set([...EXPORT_ROUTES].map((key) => key.replace(' ', ` ${API_PREFIX}`)));
    let exportFunctions = 0;
    for (const { template } of all) {
      const logGroups = template.findResources('AWS::Logs::LogGroup') as Record<string, Resource>;
      for (const [id, fn] of functionsIn(template)) {
        const isExport = exports.has(String(fn.Properties!.Description));
        if (isExport) exportFunctions++;
        expect(fn.Properties, id).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          MemorySize: isExport ? EXPORT_FUNCTION.memorySize : 512,
          Timeout: isExport ? EXPORT_FUNCTION.timeoutSeconds : 10,
          TracingConfig: { Mode: 'Active' },
        });
        const ref = (fn.Properties!.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup?.Ref;
        expect(ref, `log group of ${id}`).toBeDefined();
        expect(logGroups[ref!]?.Properties?.RetentionInDays, `retention of ${id}`).toBe(30);
      }
    }
    expect(exportFunctions).toBe(EXPORT_ROUTES.size);
  });

  it('gives every function the env.ts variables with real values, and no COGNITO_ISSUER', () => {
    for (const [domain, stack] of synth.api.domainStacks) {
      const { template } = synth.templates.get(stack.node.path)!;
      const stripe = STRIPE_DOMAINS.includes(domain)
        ? ['STRIPE_SECRET_KEY_PARAMETER', 'STRIPE_WEBHOOK_SECRET_PARAMETER', 'STRIPE_CONNECT_WEBHOOK_SECRET_PARAMETER']
        : [];
      for (const [id, fn] of functionsIn(template)) {
        const vars = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(Object.keys(vars).sort(), id).toEqual(
          [
            'APP_URL',
            'COGNITO_CLIENT_ID',
            'COGNITO_USER_POOL_ID',
            'MAIL_FROM',
            'MAIL_QUEUE_URL',
            'MEDIA_BUCKET',
            'POWERTOOLS_LOG_LEVEL',
            'POWERTOOLS_METRICS_NAMESPACE',
            'POWERTOOLS_SERVICE_NAME',
            'PRIVATE_BUCKET',
            'TABLE_NAME',
            'IMPERSONATION_PUBLIC_KEY_PARAMETER',
            'ORIGIN_VERIFY_SECRET',
            ...(fn.Properties!.Description === 'POST /api/v1/auth/change-role'
              ? ['IMPERSONATION_PRIVATE_KEY_PARAMETER']
              : []),
            ...(['POST /api/v1/newsletter', 'GET /api/v1/newsletter/download-csv'].includes(
              String(fn.Properties!.Description),
            )
              ? ['NEWSLETTER_SECRET_PARAMETER']
              : []),
            ...stripe,
          ].sort(),
        );
        expect(vars.IMPERSONATION_PUBLIC_KEY_PARAMETER, id).toBe('/gutscheinmarkt/impersonation/public-key');
        if (stripe.length) {
          // Only the parameter names: the secrets themselves never enter a template.
          expect(vars.STRIPE_SECRET_KEY_PARAMETER, id).toBe('/gutscheinmarkt/stripe/secret-key');
          expect(vars.STRIPE_WEBHOOK_SECRET_PARAMETER, id).toBe('/gutscheinmarkt/stripe/webhook-secret');
        }
        // Values come from the other stacks (parameters of the nested stack), not literals.
        for (const name of [
          'TABLE_NAME',
          'MEDIA_BUCKET',
          'PRIVATE_BUCKET',
          'COGNITO_USER_POOL_ID',
          'COGNITO_CLIENT_ID',
          'MAIL_QUEUE_URL',
        ]) {
          expect(typeof vars[name], `${id} ${name}`).toBe('object');
        }
        expect(vars.APP_URL, id).toBe('https://gutscheinmarkt.example');
      }
    }
  });

  it('uses the domain for APP_URL and MAIL_FROM when one is configured', () => {
    const withDomain = synthApp({ domainName: 'gutscheinmarkt.at' });
    try {
      const [first] = [...withDomain.api.domainStacks.values()];
      const fns = resourcesOfType(withDomain.templates.get(first!.node.path)!.template, 'AWS::Lambda::Function');
      const vars = (fns[0]![1].Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars.APP_URL).toBe('https://gutscheinmarkt.at');
      expect(vars.MAIL_FROM).toBe('noreply@gutscheinmarkt.at');
    } finally {
      withDomain.cleanup();
    }
  });

  it('outputs the Stripe webhook URL', () => {
    const outputs = synth.templates.get(synth.api.node.path)!.template.findOutputs('StripeWebhookUrl');
    expect(Object.keys(outputs)).toHaveLength(1);
    expect(JSON.stringify(Object.values(outputs)[0])).toContain('/api/v1/stripe/webhook');
  });

  it('lets only the change-role function read the impersonation private key, through a role of its own', () => {
    let readers = 0;
    for (const [, stack] of synth.api.domainStacks) {
      const { template } = synth.templates.get(stack.node.path)!;
      const functions = resourcesOfType(template, 'AWS::Lambda::Function');
      for (const [policyId, policy] of resourcesOfType(template, 'AWS::IAM::Policy')) {
        if (!JSON.stringify(policy.Properties!.PolicyDocument).includes('impersonation/private-key')) continue;
        readers += 1;
        const roleIds = (policy.Properties!.Roles as { Ref: string }[]).map((r) => r.Ref);
        const users = functions.filter(([, fn]) =>
          roleIds.some((roleId) => JSON.stringify(fn.Properties!.Role).includes(`"${roleId}"`)),
        );
        expect(
          users.map(([, fn]) => fn.Properties!.Description),
          policyId,
        ).toEqual(['POST /api/v1/auth/change-role']);
      }
    }
    expect(readers).toBe(1);
  });

  it('takes other Stripe parameter names and the publishable key from context', () => {
    const custom = synthApp({
      stripeSecretKeyParameter: '/shop/stripe/sk',
      stripeWebhookSecretParameter: '/shop/stripe/whsec',
      stripePublishableKey: 'pk_live_abc',
    });
    try {
      const orders = custom.api.domainStacks.get('orders')!;
      const [[, fn]] = resourcesOfType(custom.templates.get(orders.node.path)!.template, 'AWS::Lambda::Function') as [
        [string, { Properties?: Record<string, unknown> }],
      ];
      expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
        STRIPE_SECRET_KEY_PARAMETER: '/shop/stripe/sk',
        STRIPE_WEBHOOK_SECRET_PARAMETER: '/shop/stripe/whsec',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      });
    } finally {
      custom.cleanup();
    }
    expect(() => synthApp({ stripePublishableKey: 'sk_live_oops' })).toThrow(/publishable key/);
  });

  it('fails synthesis loudly when a manifest route has no handler module', () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'gm-infra-test-'));
    try {
      const app = new App({ outdir });
      const ghost: RouteDef = {
        method: 'GET',
        path: 'ghost',
        handler: 'ghost/does-not-exist',
        access: 'public',
        domain: 'catalogue',
        uses: NOTHING,
      };
      expect(() => new ApiStack(app, 'Broken', { routes: [ghost], resources: synth.api.resources })).toThrow(
        /GET ghost → functions\/src\/handlers\/ghost\/does-not-exist\.ts/,
      );
      expect(
        () => new ApiFunction(new Stack(app, 'Lone'), 'Fn', { entry: handlerEntry('ghost/does-not-exist') }),
      ).toThrow(/Handler module missing: functions\/src\/handlers\/ghost\/does-not-exist\.ts/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
