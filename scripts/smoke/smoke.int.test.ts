import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestAccount, type TestAccount } from '../test/accounts.ts';
import { api } from '../test/api.ts';
import { putVouchers, testVoucher } from '../test/test-vouchers.ts';
import { paymentRecords } from '../../functions/src/lib/deps.ts';
import { runSmokeCli, stepLine } from './run-smoke-cli.ts';

/**
 * `npm run smoke` against the local stack the int harness started (local API gateway, real handlers,
 * the Stripe stand-in). The base serves only the API, so `--api-only`; the home page and its headers
 * are covered by web/e2e/smoke.e2e.test.ts against the built web. The script runs as its own process
 * (run-smoke-cli.ts) and talks HTTP only.
 */
const smoke = (args: string[], account: { email: string; password: string }) =>
  runSmokeCli(['--url', new URL(inject('apiUrl')).origin, '--api-only', ...args], account);

async function pendingLines(buyer: TestAccount): Promise<unknown[]> {
  const cart = await api('GET', 'order?status=pending&page=1&paginate=100', { token: buyer.token });
  expect(cart.status).toBe(200);
  return cart.body.data as unknown[];
}

describe('npm run smoke against the local stack', () => {
  let voucherId: string;

  beforeAll(async () => {
    const seller = await createTestAccount('seller');
    voucherId = `v-smoke-${randomUUID()}`;
    await putVouchers(testVoucher(voucherId, seller.userId, { qty_val: 2500, price_filter: 2500, qty_min: 2 }));
  });

  it('passes every step, leaves the cart empty and completes no payment', async () => {
    const buyer = await createTestAccount('user');
    // A line an earlier, broken run left behind: the smoke test starts from an empty cart.
    expect((await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucherId, qty: 2 } })).status).toBe(
      201,
    );

    const run = await smoke(['--voucher', voucherId], buyer);

    expect(run.code, run.stdout + run.stderr).toBe(0);
    for (const step of ['catalogue search', 'login', 'cart', 'payment intent', 'cleanup'])
      expect(stepLine(run, step), run.stdout).toMatch(new RegExp(`^  ok {4}${step} +\\d+ ms  `));
    expect(stepLine(run, 'home page')).toMatch(/skip .*--api-only/);
    expect(stepLine(run, 'cart')).toContain('2× 50,00 €');
    expect(stepLine(run, 'cart')).toContain('1 old line(s) removed first');
    expect(run.stdout).toMatch(/Smoke test passed: 5 steps in [\d.]+ s/);

    expect(await pendingLines(buyer)).toEqual([]);
    const paymentId = /payment (\S+) not confirmed/.exec(stepLine(run, 'payment intent') ?? '')?.[1];
    const payment = await paymentRecords().get(paymentId ?? 'missing');
    expect(payment).toMatchObject({ payer_user_id: buyer.userId, amount: 5000, status: 'created' });
    expect(payment?.stripe_payment_intent_id).toMatch(/^pi_/);
    expect(payment?.completed_at).toBeUndefined();
    const wallet = await api('POST', 'user-voucher/search/user-vouchers', { token: buyer.token, body: {} });
    expect(wallet.status).toBe(200);
    expect(wallet.body.user_vouchers.total).toBe(0);
  });

  it('fails at the login with a wrong password: exit 1, the step named, nothing after it', async () => {
    const buyer = await createTestAccount('user');

    const run = await smoke([], { email: buyer.email, password: 'Wrong1234!' });

    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(stepLine(run, 'catalogue search')).toMatch(/^ {2}ok /);
    expect(stepLine(run, 'login')).toMatch(/^ {2}FAIL {2}login +\d+ ms {2}POST \/api\/v1\/auth\/login: 4\d\d /);
    expect(run.stdout).toMatch(/Smoke test FAILED at step "login": POST \/api\/v1\/auth\/login: 4\d\d \S/);
    expect(stepLine(run, 'cart')).toBeUndefined();
    expect(stepLine(run, 'cleanup')).toBeUndefined();
  });

  it('empties the cart even when the cart step fails', async () => {
    const buyer = await createTestAccount('user');
    expect((await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucherId, qty: 2 } })).status).toBe(
      201,
    );

    const run = await smoke(['--voucher', 'no-such-voucher'], buyer);

    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(stepLine(run, 'cart')).toMatch(/FAIL {2}cart .*GET \/api\/v1\/voucher\/no-such-voucher: 404/);
    expect(stepLine(run, 'payment intent')).toBeUndefined();
    expect(stepLine(run, 'cleanup')).toMatch(/^ {2}ok {4}cleanup/);
    expect(run.stdout).toContain('Smoke test FAILED at step "cart"');
    expect(await pendingLines(buyer)).toEqual([]);
  });

  it('refuses to start without the smoke account (exit 2, usage)', async () => {
    const run = await smoke([], { email: '', password: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the smoke account is missing: --email or env SMOKE_EMAIL');
  });
});
