import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/constructs/api-function.ts';

/**
 * The deployable web build (issue 14): `vite build` in mode production, as the deploy workflow runs
 * it. It must refuse to build without live Stripe, and its bundle must not contain the local
 * test-card form or its calls to the Stripe stand-in (`/stripe-local`).
 */
const WEB = path.join(REPO_ROOT, 'web');
const LIVE_ENV = {
  VITE_STRIPE_MODE: 'live',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_WebBuildTest123',
  VITE_APEX_DOMAIN: 'gutscheinmarkt.example',
};
/** Strings only the local test-card form has (web/src/features/checkout/local-card*.ts*). */
const LOCAL_ONLY = ['/stripe-local', 'pk_test_local', 'Testkarten (lokale Testumgebung)', 'card-number'];

function viteBuild(outDir: string, env: Record<string, string>) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')));
  return spawnSync(
    path.join(REPO_ROOT, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: WEB, encoding: 'utf8', env: { ...inherited, ...env } },
  );
}

function filesOf(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), readFileSync(file, 'utf8')];
      }),
  );
}

describe('deployable web build', () => {
  const dirs: string[] = [];
  const outDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gm-web-build-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('refuses to build without live Stripe, its publishable key and the apex domain', () => {
    const dir = outDir();
    const result = viteBuild(dir, {});
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Web build (mode production) refused: VITE_STRIPE_MODE must be "live" (is unset)');
    expect(readdirSync(dir)).toEqual([]);
    const local = viteBuild(dir, { ...LIVE_ENV, VITE_STRIPE_MODE: 'local' });
    expect(local.status).not.toBe(0);
    expect(local.stderr).toContain('VITE_STRIPE_MODE must be "live" (is "local")');
  }, 60_000);

  it('marks the local form by strings of its own source, so the bundle check below can fail', () => {
    const source = ['local-card.ts', 'components/local-card-input.tsx']
      .map((file) => readFileSync(path.join(WEB, 'src/features/checkout', file), 'utf8'))
      .join('\n');
    const cardInput = readFileSync(path.join(WEB, 'src/features/checkout/components/card-input.tsx'), 'utf8');
    for (const marker of LOCAL_ONLY) expect(source + cardInput, marker).toContain(marker);
  });

  it('builds the live card entry without the local test-card form or /stripe-local', () => {
    const dir = outDir();
    const result = viteBuild(dir, LIVE_ENV);
    expect(result.status, result.stderr).toBe(0);
    const files = filesOf(dir);
    expect(files.has('index.html')).toBe(true);
    const shipped = [...files].filter(([name]) => !name.endsWith('.map'));
    const code = shipped.map(([, text]) => text).join('\n');
    // The live entry is in: Stripe's Payment Element with the given key, tenants under the given apex.
    expect(code).toContain(LIVE_ENV.VITE_STRIPE_PUBLISHABLE_KEY);
    expect(code).toContain(LIVE_ENV.VITE_APEX_DOMAIN);
    // The local apex as a string of its own (it also occurs inside the reserved-names list).
    expect(code).not.toMatch(/[`'"]gutscheinmarkt\.localhost[`'"]/);
    for (const [name, text] of files)
      for (const marker of LOCAL_ONLY) expect(text.includes(marker), `${marker} in ${name}`).toBe(false);
    // Not even the module's source in a source map: the local form is not part of the build at all.
    const sources = [...files]
      .filter(([name]) => name.endsWith('.map'))
      .flatMap(([, text]) => (JSON.parse(text) as { sources: string[] }).sources);
    expect(sources.some((source) => source.endsWith('checkout/components/card-input.tsx'))).toBe(true);
    expect(
      sources.filter((source) => /checkout\/(components\/local-card-input\.tsx|local-card\.ts)$/.test(source)),
    ).toEqual([]);
  }, 120_000);
});
