import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_RETURN_PATH } from '@gm/shared/admin/connect-onboarding';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { sellerWithPayoutAccount, TEST_IBAN as IBAN } from '../../../../scripts/test/payout-seller.ts';
import { appUrl, payoutAccounts } from '../../lib/deps.ts';
import { payments } from '../../lib/deps/payments.ts';

/**
 * Stripe Connect onboarding end to end (issue 12): the API, the Stripe stand-in's account, link and
 * onboarding page, its signed `account.updated` webhook back to the API, and `user/stipe-status`.
 */
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 15_000 }) });

async function completeOnboarding(linkUrl: string): Promise<Response> {
  const url = new URL(linkUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  return fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ token: url.searchParams.get('token') ?? '' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

function signedAccountEvent(account: object, created: number): { body: unknown; signature: string } {
  const event = {
    id: `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: { object: account },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'account.updated',
  };
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: process.env.STRIPE_WEBHOOK_SECRET as string,
  });
  return { body: event, signature };
}

describe('Stripe Connect onboarding', () => {
  it('creates one Express account under concurrent starts, with company, IBAN and metadata, and answers the Account Link', async () => {
    const seller = await sellerWithPayoutAccount();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api('POST', 'user/stripe-onboarding', { token: seller.token, body: {} })),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const stored = await payoutAccounts().get(seller.userId);
    const accountId = stored?.stripe_account_id;
    expect(accountId).toMatch(/^acct_/);
    for (const answer of answers) expect(answer.body.url).toContain(`/__onboarding/${accountId}?token=`);

    const account = (await (
      await fetch(`${standIn()}/v1/accounts/${accountId}`, {
        headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY ?? 'sk_test_local'}` },
      })
    ).json()) as Stripe.Account & { company: { name: string } };
    expect(account).toMatchObject({
      type: 'express',
      country: 'AT',
      business_type: 'company',
      email: seller.email,
      company: { name: seller.company },
      business_profile: { url: 'https://firma.example' },
      metadata: { user_id: seller.userId },
      capabilities: { transfers: 'inactive' },
      payouts_enabled: false,
    });
    expect(account.external_accounts?.data[0]).toMatchObject({ last4: IBAN.slice(-4), currency: 'eur' });
    // A later start reuses the account and only makes a new link.
    const later = await api('POST', 'user/stripe-onboarding', { token: seller.token, body: {} });
    expect(later.body.url).toContain(`/__onboarding/${accountId}?token=`);
    expect((await payoutAccounts().get(seller.userId))?.stripe_account_id).toBe(accountId);
  });

  it("'Abschließen' on the stand-in page → account.updated → payouts_enabled → user/stipe-status true", async () => {
    const seller = await sellerWithPayoutAccount();
    expect((await api('GET', 'user/stipe-status', { token: seller.token })).body).toEqual({ isPayoutEnabled: false });
    const { body } = await api('POST', 'user/stripe-onboarding', { token: seller.token, body: {} });
    const done = await completeOnboarding(body.url);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${appUrl().replace(/\/+$/, '')}${ONBOARDING_RETURN_PATH}`);
    await settle();
    expect(await payoutAccounts().get(seller.userId)).toMatchObject({
      payouts_enabled: true,
      details_submitted: true,
      charges_enabled: true,
    });
    expect((await api('GET', 'user/stipe-status', { token: seller.token })).body).toEqual({ isPayoutEnabled: true });
    // The dashboard's banner flag reads the same item.
    const dashboard = await api('GET', 'order?with_stat=1', { token: seller.token });
    if (dashboard.status === 200) expect(dashboard.body.stats?.isPayoutEnabled).toBe(true);
  });

  it('ignores an account.updated older than the one applied', async () => {
    const seller = await sellerWithPayoutAccount();
    await api('POST', 'user/stripe-onboarding', { token: seller.token, body: {} });
    const accountId = (await payoutAccounts().get(seller.userId))!.stripe_account_id!;
    const account = await payments().retrieveConnectedAccount(accountId);
    expect(account.payoutsEnabled).toBe(false);
    const base = { id: accountId, object: 'account', metadata: { user_id: seller.userId }, details_submitted: true };
    const now = Math.floor(Date.now() / 1000);

    const newer = signedAccountEvent({ ...base, payouts_enabled: true, charges_enabled: true }, now);
    const applied = await api('POST', 'stripe/webhook', {
      body: newer.body,
      headers: { 'stripe-signature': newer.signature },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect((await api('GET', 'user/stipe-status', { token: seller.token })).body).toEqual({ isPayoutEnabled: true });

    const older = signedAccountEvent({ ...base, payouts_enabled: false, charges_enabled: false }, now - 60);
    const late = await api('POST', 'stripe/webhook', {
      body: older.body,
      headers: { 'stripe-signature': older.signature },
    });
    expect(late.status).toBe(200);
    expect(await payoutAccounts().get(seller.userId)).toMatchObject({
      payouts_enabled: true,
      stripe_event_id: (newer.body as { id: string }).id,
    });
    expect((await api('GET', 'user/stipe-status', { token: seller.token })).body).toEqual({ isPayoutEnabled: true });

    // A newer one that disables payouts (Stripe's review) applies.
    const revoked = signedAccountEvent({ ...base, payouts_enabled: false, charges_enabled: false }, now + 60);
    await api('POST', 'stripe/webhook', { body: revoked.body, headers: { 'stripe-signature': revoked.signature } });
    expect((await api('GET', 'user/stipe-status', { token: seller.token })).body).toEqual({ isPayoutEnabled: false });

    // Another seller's metadata cannot take over this seller's payout account.
    const other = await sellerWithPayoutAccount();
    const foreign = signedAccountEvent(
      { id: 'acct_foreign0000000', object: 'account', metadata: { user_id: seller.userId }, payouts_enabled: true },
      now + 120,
    );
    await api('POST', 'stripe/webhook', { body: foreign.body, headers: { 'stripe-signature': foreign.signature } });
    expect((await payoutAccounts().get(seller.userId))?.stripe_account_id).toBe(accountId);
    expect((await api('GET', 'user/stipe-status', { token: other.token })).body).toEqual({ isPayoutEnabled: false });
  });

  it('refuses buyers, scanners and admins (403), and answers 422 for a seller without payout data', async () => {
    for (const role of ['user', 'scanner', 'admin'] as const) {
      const account = await createTestAccount(role);
      const answer = await api('POST', 'user/stripe-onboarding', { token: account.token, body: {} });
      expect(answer.status, role).toBe(403);
    }
    expect((await api('POST', 'user/stripe-onboarding', { body: {} })).status).toBe(401);
    const bare = await createTestAccount('seller');
    const answer = await api('POST', 'user/stripe-onboarding', { token: bare.token, body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Für dieses Konto sind keine Auszahlungsdaten hinterlegt.');
  });
});
