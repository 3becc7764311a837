import { describe, expect, it } from 'vitest';
import { createTestAccount } from '../../scripts/test/accounts.ts';
import { api } from '../../scripts/test/api.ts';
import { webUrl } from '../../scripts/test/e2e-session.ts';
import { startHttpsEdge } from '../../scripts/smoke/https-edge.ts';
import { runSmokeCli, stepLine } from '../../scripts/smoke/run-smoke-cli.ts';

/**
 * `npm run smoke -- --url <base>` against the whole local product as a stage: the built web served by
 * `vite preview` with the production response headers (CSP, nosniff; HSTS only on https), /api proxied
 * to the local API, the demo catalogue. No browser: the smoke test speaks HTTP only. The failing cases
 * are in scripts/smoke/smoke.int.test.ts.
 */
describe('npm run smoke against the built web', () => {
  it('passes every step with the voucher picked from the search, and leaves the cart empty', async () => {
    const buyer = await createTestAccount('user');

    const run = await runSmokeCli(['--url', webUrl()], buyer);

    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(stepLine(run, 'home page')).toMatch(
      /^ {2}ok {4}home page +\d+ ms {2}index\.html 200, \/assets\/index-[\w-]+\.js 200 \(\d+ KB\), \/vouchers\/search 200$/,
    );
    expect(stepLine(run, 'security headers')).toMatch(
      /^ {2}ok {4}security headers +\d+ ms {2}CSP, nosniff, Referrer-Policy$/,
    );
    // vite preview does not send the release's Cache-Control: that step runs on https stages only.
    expect(stepLine(run, 'caching')).toMatch(/^ {2}skip {2}caching +http: checked on https stages only$/);
    expect(stepLine(run, 'catalogue search')).toMatch(
      /ok {4}catalogue search +\d+ ms {2}[1-9]\d* vouchers, 9 on page 1$/,
    );
    for (const step of ['login', 'cart', 'payment intent', 'cleanup'])
      expect(stepLine(run, step), run.stdout).toMatch(new RegExp(`^ {2}ok {4}${step} +\\d+ ms {2}\\S`));
    expect(run.stdout).toMatch(/Smoke test passed: 7 steps in [\d.]+ s/);

    const cart = await api('GET', 'order?status=pending', { token: buyer.token });
    expect(cart.status).toBe(200);
    expect(cart.body.total).toBe(0);
  });

  /** What CloudFront and the release add on a stage: HSTS on every answer, index.html revalidated, assets immutable. */
  const stageHeaders = (path: string): Record<string, string> => ({
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  });

  it('on https also checks HSTS and the release caching, and names what a stage misses', async () => {
    const buyer = await createTestAccount('user');
    const stage = await startHttpsEdge(webUrl(), stageHeaders);
    const noHsts = await startHttpsEdge(webUrl(), (path) => {
      const { 'strict-transport-security': _, ...rest } = stageHeaders(path);
      return rest;
    });
    const cachedIndex = await startHttpsEdge(webUrl(), (path) => ({
      ...stageHeaders(path),
      'cache-control': 'max-age=600',
    }));
    try {
      const ok = await runSmokeCli(['--url', stage.url], buyer, { NODE_EXTRA_CA_CERTS: stage.caFile });
      expect(ok.code, ok.stdout + ok.stderr).toBe(0);
      expect(stepLine(ok, 'security headers')).toMatch(/ok {4}security headers .*, HSTS max-age=63072000$/);
      expect(stepLine(ok, 'caching')).toMatch(
        /ok {4}caching .*index\.html no-cache, assets public, max-age=31536000, immutable$/,
      );
      expect(ok.stdout).toMatch(/Smoke test passed: 8 steps/);

      const missing = await runSmokeCli(['--url', noHsts.url], buyer, { NODE_EXTRA_CA_CERTS: noHsts.caFile });
      expect(missing.code, missing.stdout + missing.stderr).toBe(1);
      expect(missing.stdout).toContain(
        'Smoke test FAILED at step "security headers": GET /: no Strict-Transport-Security',
      );
      expect(stepLine(missing, 'login')).toBeUndefined();

      const cached = await runSmokeCli(['--url', cachedIndex.url], buyer, { NODE_EXTRA_CA_CERTS: cachedIndex.caFile });
      expect(cached.code, cached.stdout + cached.stderr).toBe(1);
      expect(cached.stdout).toMatch(
        /FAILED at step "caching": index\.html may be cached: Cache-Control max-age=600; the entry script/,
      );
    } finally {
      await Promise.all([stage.close(), noHsts.close(), cachedIndex.close()]);
    }
  });
});
