import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiFunction, handlerEntry } from '../lib/constructs/api-function.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function environmentOf(context: Record<string, unknown>): Record<string, unknown> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'gm-infra-fn-'));
  dirs.push(outdir);
  const app = new App({ outdir, context });
  app.node.setContext('aws:cdk:bundling-stacks', []);
  const stack = new Stack(app, 'Fn');
  new ApiFunction(stack, 'Login', { entry: handlerEntry('auth/login') });
  const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'));
  return (fn!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
}

describe('ApiFunction source maps', () => {
  it('loads no source maps at runtime unless asked', () => {
    expect(environmentOf({})).not.toHaveProperty('NODE_OPTIONS');
    expect(environmentOf({ sourceMaps: 'false' })).not.toHaveProperty('NODE_OPTIONS');
  });

  it('enables them with -c sourceMaps=true', () => {
    expect(environmentOf({ sourceMaps: 'true' })).toMatchObject({ NODE_OPTIONS: '--enable-source-maps' });
  });
});
