import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/constructs/api-function.ts';
import { ConfigError, readConfig } from '../lib/config.ts';

/** Runs bin/app.ts the way `cdk synth` does (context as CDK_CONTEXT_JSON), stopping at configuration. */
function runApp(context: Record<string, string>) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'gm-infra-cli-'));
  try {
    return spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['infra/bin/app.ts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify(context), CDK_OUTDIR: outdir },
    });
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const config = (context: Record<string, string>) => readConfig(new App({ context }).node, REPO_ROOT);

describe('deployment configuration', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('fails the synth with one clear line when domainName is missing', () => {
    const result = runApp({});
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: Context "domainName" is required \(e\.g\. -c domainName=/);
    expect(result.stderr).not.toContain('    at ');
  }, 60_000);

  it('refuses a missing domain, a malformed domain and a malformed sender in one line each', () => {
    for (const [context, message] of [
      [{}, /"domainName" is required/],
      [{ domainName: '' }, /"domainName" is required/],
      [{ domainName: 'https://gutscheinmarkt.at' }, /bare host name/],
      [{ domainName: 'gutscheinmarkt.at', mailFrom: 'noreply' }, /"mailFrom" must be an e-mail address/],
    ] as const) {
      expect(() => config(context), JSON.stringify(context)).toThrow(ConfigError);
      expect(() => config(context)).toThrow(message);
      expect(() => config(context)).not.toThrow(/\n/);
    }
  });

  it('sends mail as noreply@<domainName> unless mailFrom says otherwise', () => {
    expect(config({ domainName: 'Gutscheinmarkt.at' })).toMatchObject({
      domainName: 'gutscheinmarkt.at',
      mailFrom: 'noreply@gutscheinmarkt.at',
    });
    expect(config({ domainName: 'gutscheinmarkt.at', mailFrom: 'service@gutscheinmarkt.at' }).mailFrom).toBe(
      'service@gutscheinmarkt.at',
    );
  });

  it('takes webDist relative to the repository and refuses one that holds no build', () => {
    expect(config({ domainName: 'gutscheinmarkt.at' }).webDist).toBeUndefined();
    const dist = mkdtempSync(path.join(tmpdir(), 'gm-web-empty-'));
    dirs.push(dist);
    const given = { domainName: 'gutscheinmarkt.at', webDist: path.relative(REPO_ROOT, dist) };
    expect(() => config(given)).toThrow(/^Context "webDist" is .* holds no built web .*npm run build -w web/);
    mkdirSync(path.join(dist, 'assets'));
    expect(() => config(given)).toThrow(/index\.html/);
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    expect(config(given).webDist).toBe(dist);
  });
});
