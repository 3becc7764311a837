import { describe, expect, it } from 'vitest';
import { createTestAccount } from '../../scripts/test/accounts.ts';
import { api } from '../../scripts/test/api.ts';
import { webUrl } from '../../scripts/test/e2e-session.ts';
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
});
