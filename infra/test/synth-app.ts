import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { REPO_ROOT } from '../lib/constructs/api-function.ts';
import { buildApp, type GutscheinmarktStacks } from '../lib/gutscheinmarkt-app.ts';

export type SynthesisedApp = GutscheinmarktStacks & {
  app: App;
  /** Every stack and nested stack, by construct path. */
  templates: Map<string, { stack: Stack; template: Template }>;
  cleanup: () => void;
};

/** The context every deploy must give (config.ts); tests override it where they need another. */
export const TEST_CONTEXT: Record<string, string> = { domainName: 'gutscheinmarkt.example' };

/** Builds the app as `cdk synth` does (same cdk.json context, plus TEST_CONTEXT), with bundling skipped. */
export function synthApp(context: Record<string, string> = {}): SynthesisedApp {
  const outdir = mkdtempSync(path.join(tmpdir(), 'gm-infra-test-'));
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const cleanup = () => rmSync(outdir, { recursive: true, force: true });
  try {
    const app = new App({ outdir, context: { ...cdkJson.context, ...TEST_CONTEXT, ...context } });
    app.node.setContext('aws:cdk:bundling-stacks', []);
    // Handler modules are written in parallel with the infra; missing ones get stub code here only.
    const stacks = buildApp(app, {
      stubForMissingHandlers: lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 501 });'),
    });

    const templates = new Map<string, { stack: Stack; template: Template }>();
    for (const construct of app.node.findAll()) {
      if (construct instanceof Stack)
        templates.set(construct.node.path, { stack: construct, template: Template.fromStack(construct) });
    }
    return { ...stacks, app, templates, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

export function resourcesOfType(
  template: Template,
  type: string,
): [string, { Properties?: Record<string, unknown> } & Record<string, unknown>][] {
  return Object.entries(template.findResources(type));
}
