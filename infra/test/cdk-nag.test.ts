import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_CONTEXT } from './synth-app.ts';
import { App, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REPO_ROOT } from '../lib/constructs/api-function.ts';
import { buildApp } from '../lib/gutscheinmarkt-app.ts';

/**
 * Findings whose rule id contains a synth-time token, so they cannot be acknowledged on a construct
 * before synthesis (infra/lib/nag-acknowledgements.ts holds the others). Each is as narrow as the id allows.
 */
const ACCEPTED_PATTERNS: { rule: RegExp; reason: string }[] = [
  {
    rule: /^AwsSolutions-IAM5\[Resource::.*\/(media|uploads|exports|verification|seller-invoices|mail-outbox|search-snapshots)\/\*\]$/,
    reason:
      'Object grants are per key prefix (functions/src/capabilities.ts, adapters/bucket-prefixes.ts): the object keys below a prefix are ids made at runtime.',
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::.*WebBucket[A-Za-z0-9]*Arn[A-Za-z0-9]*"\}\}\/\*\]$/,
    reason:
      "The web release (Web stack, BucketDeployment) writes the SPA's files anywhere in the web bucket: the bucket holds nothing else.",
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::<[A-Za-z0-9]+Function[A-Za-z0-9]*\.Arn>:\*\]$/,
    reason: "EventBridge Scheduler's role invokes the job function and its versions (function ARN with :*).",
  },
];

type Violation = {
  ruleName: string;
  description: string;
  severity: 'error' | 'warning';
  violatingConstructs: { constructPath: string }[];
};

describe('cdk-nag AwsSolutions', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'gm-nag-test-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('finds no unacknowledged error in the whole app', () => {
    const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
      context: Record<string, unknown>;
    };
    // A minimal built web, so the Web stack (the release upload) is checked too.
    const webDist = path.join(outdir, 'web-dist');
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>nag</title>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'export {};');
    const app = new App({ outdir, context: { ...cdkJson.context, ...TEST_CONTEXT, webDist } });
    // Bundling skipped as in the other infra tests (a full bundle of ~170 functions takes minutes).
    app.node.setContext('aws:cdk:bundling-stacks', []);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
    buildApp(app, { stubForMissingHandlers: lambda.Code.fromInline('exports.handler = async () => ({});') });
    // Findings make synth throw ValidationFailed after writing the report; anything else is a real error.
    try {
      app.synth();
    } catch (error) {
      if ((error as Error).name !== 'ValidationFailed' && !String(error).includes('ValidationFailed')) throw error;
    }
    const report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; violations: Violation[] }[];
    };
    const nag = report.pluginReports.find((r) => r.pluginName === 'AwsSolutions');
    expect(nag, 'the AwsSolutions plugin ran').toBeDefined();
    const errors = nag!.violations
      .filter((v) => v.severity === 'error')
      .filter((v) => !ACCEPTED_PATTERNS.some((p) => p.rule.test(v.ruleName)));
    const listing = errors.flatMap((v) =>
      v.violatingConstructs.map((c) => `${v.ruleName}  ${c.constructPath}\n    ${v.description.slice(0, 200)}`),
    );
    const warnings = nag!.violations.filter((v) => v.severity === 'warning').map((v) => v.ruleName);
    if (warnings.length > 0) console.log(`cdk-nag warnings (not failing): ${warnings.join(', ')}`);
    expect(listing, `unacknowledged cdk-nag errors:\n${listing.join('\n')}`).toEqual([]);
  });
});
