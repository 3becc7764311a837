import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { createTestAccount, type TestAccount } from './accounts.ts';
import { api } from './api.ts';
import { standIn, standInApi } from './stripe-stand-in.ts';
import { putVouchers, testVoucher } from './test-vouchers.ts';

export type HeldPayment = {
  buyer: TestAccount;
  paymentId: string;
  intentId: string;
  /** The intent's `payment_intent.succeeded`, held back by the stand-in: the test delivers it. */
  event: Stripe.Event;
  /** The cart line (order id) the payment covers. */
  line: string;
  title: string;
};

/**
 * A buyer put one voucher of `seller` (a new seller by default) in the cart, paid with a card that
 * asks for 3-D Secure and approved it; the stand-in holds the intent's events back, so the test
 * decides when (and how often) the webhook's completion runs.
 */
export async function approvedPaymentWithHeldEvent(seller?: TestAccount): Promise<HeldPayment> {
  const owner = seller ?? (await createTestAccount('seller'));
  const voucher = testVoucher(`v-${randomUUID()}`, owner.userId, { qty_val: 4900, price_filter: 4500, expiry_date: 3 });
  await putVouchers(voucher);
  const buyer = await createTestAccount('user');
  const added = await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucher.id, qty: 1 } });
  expect(added.status).toBe(201);
  const answer = await api('POST', 'order/payment', {
    token: buyer.token,
    body: { payment_type: 'card', payment_method: 'pm_card_threeDSecure2Required' },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(answer.body.data?.status, JSON.stringify(answer.body)).toBe('requires_action');
  const url = new URL(answer.body.data.url as string);
  const intentId = url.pathname.split('/').pop()!;
  await standInApi('POST', '/__test/hold', { object: intentId });
  await fetch(`${standIn()}/__authorize/${intentId}`, {
    method: 'POST',
    body: new URLSearchParams({ token: url.searchParams.get('token')!, decision: 'approve' }),
    redirect: 'manual',
  });
  const events = await standInApi<{ data: Stripe.Event[] }>(
    'GET',
    `/__test/events?type=payment_intent.succeeded&object=${intentId}`,
  );
  return {
    buyer,
    paymentId: answer.body.data.payment_id as string,
    intentId,
    event: events.body.data[0]!,
    line: added.body.data.id as string,
    title: voucher.title,
  };
}
