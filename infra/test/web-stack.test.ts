import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { ASSET_CACHE_CONTROL, PAGE_CACHE_CONTROL } from '../lib/web-stack.ts';
import { resourcesOfType, synthApp, type SynthesisedApp } from './synth-app.ts';

type Deployment = {
  DestinationBucketKeyPrefix?: string;
  Prune?: boolean;
  SystemMetadata?: Record<string, string>;
  DistributionId?: unknown;
  DistributionPaths?: string[];
};

/** A build as Vite writes it: hashed files under assets/, index.html and public files at the top. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'gm-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'campaigns'));
  writeFileSync(path.join(dist, 'index.html'), '<script type="module" src="/assets/index-3f2a.js"></script>');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(dist, 'campaigns/ostern-1.svg'), '<svg/>');
  writeFileSync(path.join(dist, 'assets/index-3f2a.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets/index-3f2a.js.map'), '{}');
  return dist;
}

describe('web stack (context webDist)', () => {
  let dist: string;
  let synth: SynthesisedApp;
  let template: Template;
  let deployments: Map<string, Deployment & { DependsOn?: string[] }>;
  beforeAll(() => {
    dist = fakeBuild();
    synth = synthApp({ webDist: dist });
    template = Template.fromStack(synth.web!);
    deployments = new Map(
      resourcesOfType(template, 'Custom::CDKBucketDeployment').map(([id, r]) => [
        id,
        { ...(r.Properties as Deployment), DependsOn: r.DependsOn as string[] | undefined },
      ]),
    );
  }, 120_000);
  afterAll(() => {
    synth.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  const byPrefix = (prefix: string | undefined) =>
    [...deployments.entries()].find(([, d]) => d.DestinationBucketKeyPrefix === prefix)!;

  it('uploads hashed assets to assets/ as immutable for a year, never pruning older releases', () => {
    expect(deployments.size).toBe(2);
    const [, assets] = byPrefix('assets/');
    expect(assets.Prune).toBe(false);
    expect(assets.SystemMetadata).toEqual({ 'cache-control': ASSET_CACHE_CONTROL });
    expect(ASSET_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    expect(assets.DistributionId).toBeUndefined();
  });

  it('uploads index.html and the other unhashed files no-cache after the assets, invalidating exactly them', () => {
    const [assetsId] = byPrefix('assets/');
    const [, pages] = byPrefix(undefined);
    expect(pages.Prune).toBe(false);
    expect(pages.SystemMetadata).toEqual({ 'cache-control': PAGE_CACHE_CONTROL });
    expect(PAGE_CACHE_CONTROL).toBe('no-cache');
    expect(pages.DistributionPaths).toEqual(['/campaigns/*', '/favicon.svg', '/index.html']);
    expect(JSON.stringify(pages.DistributionId)).toContain('Distribution');
    expect(pages.DependsOn).toEqual(expect.arrayContaining([expect.stringContaining(assetsId.slice(0, 12))]));
  });

  it('leaves the assets out of the page upload and the source maps out of both', () => {
    // Source.asset stages each upload as a directory asset.<hash> in the cloud assembly.
    const outdir = synth.app.outdir;
    const staged = readdirSync(outdir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name.startsWith('asset.'))
      .map((e) => readdirSync(path.join(outdir, e.name), { recursive: true }).map(String).sort())
      .filter((files) => files.includes('index.html') || files.includes('index-3f2a.js'));
    expect(staged.sort()).toEqual([
      ['campaigns', 'campaigns/ostern-1.svg', 'favicon.svg', 'index.html'],
      ['index-3f2a.js'],
    ]);
  });

  it('goes live after the API stack', () => {
    expect(synth.web!.dependencies.map((s) => s.stackName)).toContain(synth.api.stackName);
  });
});
