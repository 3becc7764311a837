import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { orders, paymentRecords, userVouchers } from '../../lib/deps.ts';
import { payments } from '../../lib/deps/payments.ts';

/**
 * Bank transfer for DE, IT and ES: a Klarna redirect PaymentIntent (docs/decisions/payments.md), through
 * the real handlers, the Stripe stand-in's authorisation page and the signed webhook.
 */
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 15_000 }) });
const pay = (buyer: TestAccount, body: Record<string, unknown>) =>
  api('POST', 'order/payment', { token: buyer.token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });

async function buyerWithLine(): Promise<{ buyer: TestAccount; line: string }> {
  const seller = await createTestAccount('seller');
  const voucher = testVoucher(`v-${randomUUID()}`, seller.userId, {
    qty_val: 4900,
    price_filter: 4500,
    expiry_date: 3,
  });
  await putVouchers(voucher);
  const buyer = await createTestAccount('user');
  const added = await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucher.id, qty: 1 } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { buyer, line: added.body.data.id as string };
}

/** The PaymentMethod the stand-in made from `payment_method_data` (read with the secret key). */
async function paymentMethodOf(
  paymentId: string,
): Promise<{ type: string; billing_details: { email: string | null; address: { country?: string } | null } }> {
  const record = await paymentRecords().get(paymentId);
  const intent = await payments().retrievePaymentIntent(record!.stripe_payment_intent_id!);
  const response = await fetch(`${standIn()}/v1/payment_methods/${intent.paymentMethodId}`, {
    headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as never;
}

async function decide(url: string, decision: 'approve' | 'decline'): Promise<URL> {
  const target = new URL(url);
  const answer = await fetch(`${standIn()}${target.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ token: target.searchParams.get('token')!, decision }),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!);
}

describe('bank transfer DE / IT / ES (Klarna redirect)', () => {
  it('redirects a DE payment to Klarna; approving completes the order through the webhook and mails the buyer', async () => {
    const { buyer, line } = await buyerWithLine();
    const since = Math.floor(Date.now() / 1000) - 1;
    const answer = await pay(buyer, { payment_type: 'bank', country: 'DE' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'requires_action', completed: false, amount: 4500 });
    expect(answer.body.data.url).toContain('/__authorize/');
    const paymentId = answer.body.data.payment_id as string;
    expect(await paymentRecords().get(paymentId)).toMatchObject({ payment_type: 'bank', country: 'DE' });
    expect(await paymentMethodOf(paymentId)).toMatchObject({
      type: 'klarna',
      billing_details: { email: buyer.email, address: { country: 'DE' } },
    });
    // Nothing is issued before the buyer approves.
    expect(await orders().get(line)).toMatchObject({ status: 'pending' });

    const back = await decide(answer.body.data.url as string, 'approve');
    expect(back.pathname).toBe('/cart');
    expect(back.searchParams.get('payment')).toBe(paymentId);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    await settle();

    expect(await orders().get(line)).toMatchObject({ status: 'completed', payment_id: paymentId, p_type: 'bank' });
    expect(await userVouchers().listByOwner({ userId: buyer.userId })).toHaveLength(1);
    expect(await api('GET', `order/payment/${paymentId}`, { token: buyer.token })).toMatchObject({
      status: 200,
      body: { data: { status: 'succeeded', completed: true } },
    });
    expect((await sentMails(since)).filter((m) => m.destination.to.includes(buyer.email))).toHaveLength(1);
  });

  it('leaves the cart intact when the buyer declines at Klarna (IT), and ES redirects the same way', async () => {
    const { buyer, line } = await buyerWithLine();
    const answer = await pay(buyer, { payment_type: 'bank', country: 'IT' });
    expect(answer.body.data).toMatchObject({ status: 'requires_action', completed: false });
    const paymentId = answer.body.data.payment_id as string;
    expect(await paymentMethodOf(paymentId)).toMatchObject({
      type: 'klarna',
      billing_details: { address: { country: 'IT' } },
    });

    const back = await decide(answer.body.data.url as string, 'decline');
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    await settle();
    expect(await orders().get(line)).toMatchObject({ status: 'pending' });
    expect(await userVouchers().listByOwner({ userId: buyer.userId })).toHaveLength(0);
    expect(await paymentRecords().get(paymentId)).toMatchObject({ status: 'failed' });
    expect((await paymentRecords().get(paymentId))?.completed_at).toBeUndefined();
    expect(await api('GET', 'order/total-user-cart', { token: buyer.token })).toMatchObject({
      status: 200,
      body: { total: 1 },
    });

    // The same cart can be paid again, e.g. from Spain.
    const again = await pay(buyer, { payment_type: 'bank', country: 'ES' });
    expect(again.body.data).toMatchObject({ status: 'requires_action', completed: false });
    expect(await paymentMethodOf(again.body.data.payment_id as string)).toMatchObject({
      type: 'klarna',
      billing_details: { address: { country: 'ES' } },
    });
  });
});
