import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterEach, describe, expect, it } from 'vitest';
import { lambdaBuildOptions } from '@gm/functions/bundle-build';
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

describe('ApiFunction tracing', () => {
  it('traces actively, so Lambda runs the X-Ray daemon functions/src/lib/xray.ts sends to and grants the upload', () => {
    const app = new App({ outdir: mkdtempSync(path.join(tmpdir(), 'gm-infra-fn-')) });
    dirs.push(app.outdir);
    app.node.setContext('aws:cdk:bundling-stacks', []);
    const stack = new Stack(app, 'Fn');
    new ApiFunction(stack, 'Worker', { entry: handlerEntry('auth/login') });
    const template = Template.fromStack(stack);
    const [fn] = Object.values(template.findResources('AWS::Lambda::Function'));
    expect(fn!.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    expect(fn!.Properties.Environment.Variables).not.toHaveProperty('POWERTOOLS_TRACE_ENABLED');
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[],
    );
    expect(statements.flatMap((s) => s.Action)).toEqual(
      expect.arrayContaining(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']),
    );
  });
});

describe('ApiFunction bundling', () => {
  it('bundles with LAMBDA_BUNDLE.alias: pdf-lib on Node zlib and only the standard fonts our PDFs embed', async () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'gm-infra-fn-'));
    dirs.push(outdir);
    const app = new App({ outdir });
    new ApiFunction(new Stack(app, 'Fn'), 'Pdf', { entry: handlerEntry('redemption/download-redemption-pdf') });
    app.synth();
    const [asset] = readdirSync(outdir).filter((d) => d.startsWith('asset.'));
    const dir = path.join(outdir, asset!);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.mjs'))
      .sort();
    const text = (file: string) => readFileSync(path.join(dir, file), 'utf8');
    const code = files.map(text).join('\n');
    expect(code).toContain('pdf-lib (https://github.com/Hopding/pdf-lib)'); // its Producer
    expect(code).toContain('is not bundled (functions/src/lib/pdf/standard-fonts.ts)');
    expect(code).not.toContain('incorrect header check'); // pako's inflate
    expect(code).toContain('zG8mxrf+KAk/nRGh8eBWleZPnItsaj0Z'); // Helvetica's metrics
    expect(code).not.toContain('zG0mOhf+Kgk+7Ee5ZSdbN/aa+ebzuMdv'); // Times-Roman's
    // The PDF stack is a chunk the first PDF reads, not part of what the cold start reads.
    expect(text('index.mjs')).not.toContain('github.com/Hopding/pdf-lib');
    // Byte for byte what the bundle budget test and the benchmark measure (scripts/test/bundles.ts).
    const measuredDir = path.join(outdir, 'measured');
    const measured = await esbuild.build({
      ...lambdaBuildOptions(),
      entryPoints: [{ in: handlerEntry('redemption/download-redemption-pdf'), out: 'index' }],
      outdir: measuredDir,
      write: false,
    });
    expect(Object.fromEntries(measured.outputFiles.map((f) => [path.relative(measuredDir, f.path), f.text]))).toEqual(
      Object.fromEntries(files.map((f) => [f, text(f)])),
    );
  }, 60_000);

  it('bundles a linked source map without the sources only when asked', () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'gm-infra-fn-'));
    dirs.push(outdir);
    const app = new App({ outdir, context: { sourceMaps: 'true' } });
    new ApiFunction(new Stack(app, 'Fn'), 'Login', { entry: handlerEntry('auth/login') });
    app.synth();
    const [asset] = readdirSync(outdir).filter((d) => d.startsWith('asset.'));
    expect(
      readdirSync(path.join(outdir, asset!))
        .filter((f) => f.startsWith('index.'))
        .sort(),
    ).toEqual(['index.mjs', 'index.mjs.map']);
    expect(readFileSync(path.join(outdir, asset!, 'index.mjs'), 'utf8')).toContain(
      '//# sourceMappingURL=index.mjs.map',
    );
    const map = JSON.parse(readFileSync(path.join(outdir, asset!, 'index.mjs.map'), 'utf8')) as {
      sourcesContent?: unknown;
    };
    expect(map.sourcesContent).toBeUndefined();
  }, 60_000);
});
