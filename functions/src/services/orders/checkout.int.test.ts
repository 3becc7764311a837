import { randomUUID } from 'node:crypto';
import { CARD_ERROR_TEXT } from '@gm/shared/payments/card-errors';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { settleStandIn, standIn, standInApi } from '../../../../scripts/test/stripe-stand-in.ts';
import { describe, expect, it } from 'vitest';
import { statsBuckets } from '@gm/shared/dates/stats-buckets';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { CART_ID_HEADER, ORDER_TEXT } from '@gm/shared/orders/contracts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { appUrl, coupons, orders, paymentRecords, resolve, userVouchers, vouchers } from '../../lib/deps.ts';
import { completionProviders } from '../../lib/deps/payments.ts';
import { completePaymentOnEvent } from './complete-payment.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';

async function statsItem(PK: string, SK: string) {
  return (await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: { PK, SK } }))).Item;
}

/**
 * Checkout end to end: the real handlers behind the local API, the Stripe stand-in with its test
 * cards and signed webhooks, and the order completion that issues the vouchers.
 */

const settle = settleStandIn;

async function browserCard(number: string): Promise<string> {
  const response = await fetch(`${standIn()}/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.STRIPE_PUBLISHABLE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 2),
      'card[cvc]': '123',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** A seller with one product voucher (45 € each, face value 49 €) and one value voucher. */
async function sellerWithVouchers() {
  const seller = await createTestAccount('seller');
  const product = testVoucher(`v-${randomUUID()}`, seller.userId, {
    qty_val: 4900,
    price_filter: 4500,
    expiry_date: 3,
  });
  const value = testVoucher(`v-${randomUUID()}`, seller.userId, {
    type: 'value',
    qty_val: null,
    price_filter: 1000,
    val_min: 1000,
    val_max: 20000,
    qty_min: null,
    qty_max: null,
    expiry_date: 1,
  });
  await putVouchers(product, value);
  return { seller, product, value };
}

async function addLine(who: { token?: string; cartId?: string }, body: Record<string, unknown>): Promise<string> {
  const answer = who.token
    ? await api('POST', 'order', { token: who.token, body })
    : await api('POST', 'order/guest', { body, headers: { [CART_ID_HEADER]: who.cartId! } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
}

/** Each call is a new checkout attempt (its own Idempotency-Key); payment-idempotency.int.test.ts covers repeats. */
const pay = (buyer: TestAccount, body: Record<string, unknown>) =>
  api('POST', 'order/payment', { token: buyer.token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });

async function issuedVouchers(orderIds: string[]) {
  const out = [];
  for (const id of orderIds) {
    const order = await orders().get(id);
    for (const uv of order?.user_voucher_ids ?? []) out.push(await userVouchers().get(uv));
  }
  return out;
}

describe('checkout and order completion', () => {
  it('pays with 4242: the webhook completes the lines, issues vouchers with 26-character codes and marks the payment completed', async () => {
    const { seller, product, value } = await sellerWithVouchers();
    const buyer = await createTestAccount('user');
    const a = await addLine({ token: buyer.token }, { voucher_id: product.id, qty: 2 });
    const b = await addLine({ token: buyer.token }, { voucher_id: value.id, value: 2500 });
    const statsBefore = (await vouchers().getWithStats(product.id)).stats.sold_count;

    // A manipulated amount in the body is ignored: the server prices the cart (2 × 45 € + 25 €).
    const answer = await pay(buyer, {
      payment_type: 'card',
      payment_method: await browserCard('4242424242424242'),
      amount: 100,
      total: 100,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'succeeded', amount: 11500, completed: false, url: null });
    expect(answer.body.data.order_ids.sort()).toEqual([a, b].sort());
    const paymentId = answer.body.data.payment_id as string;
    await settle();

    const payment = await paymentRecords().get(paymentId);
    expect(payment).toMatchObject({
      status: 'succeeded',
      amount: 11500,
      amount_received: 11500,
      payment_type: 'card',
      payer_user_id: buyer.userId,
    });
    expect(payment?.completed_at).toBeTruthy();
    const polled = await api('GET', `order/payment/${paymentId}`, { token: buyer.token });
    expect(polled).toMatchObject({
      status: 200,
      body: { data: { payment_id: paymentId, status: 'succeeded', completed: true, amount: 11500 } },
    });

    const line = await orders().get(a);
    expect(line).toMatchObject({
      status: 'completed',
      payment_id: paymentId,
      p_type: 'stripe',
      total_amount: 9000,
      total_value: 9800,
      qty: 2,
    });
    expect(line?.order_no).toMatch(/^GM-\d{4}-\d{6}$/);
    // Default settings: 5 % + 5 € commission, card 1.5 % + 25 ct, on the line amount (9000, a product voucher).
    expect(line).toMatchObject({ commission: 950, processing_fee: 160, seller_net: 9000 - 950 - 160 });
    const issued = await issuedVouchers([a, b]);
    expect(issued).toHaveLength(2);
    for (const uv of issued) {
      expect(uv?.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(uv?.qr).toBe(`${appUrl().replace(/\/+$/, '')}/qr/${uv?.code}`);
      expect(uv).toMatchObject({ owner_user_id: buyer.userId, status: 'active', seller_id: seller.userId });
      expect(await userVouchers().getCode(uv!.code)).toEqual({ user_voucher_id: uv!.id, seller_id: seller.userId });
    }
    const productVoucher = issued.find((uv) => uv?.voucher_id === product.id)!;
    expect(productVoucher).toMatchObject({
      remaining_qty: 2,
      remaining_value: 9800,
      valid_until: `${new Date().getFullYear() + 2}-12-31`,
    });
    await aggregatesCaughtUp();
    expect((await vouchers().getWithStats(product.id)).stats.sold_count).toBe(statsBefore + 1);
    const sellerTotal = await statsItem(`SELLER#${seller.userId}#STATS`, 'TOTAL');
    expect(sellerTotal).toMatchObject({
      sold_count: 2,
      sold_qty: 3,
      gross: 11500,
      commission: 950 + 625,
      processing_fee: 160 + 63,
    });
    expect(await statsItem(`SELLER#${seller.userId}#STATS`, statsBuckets(line!.completed_at!)[0])).toMatchObject({
      sold_count: 2,
      gross: 11500,
    });
    expect(await statsItem(`USER#${buyer.userId}`, 'STATS')).toMatchObject({ vouchers_bought: 2 });
    expect((await userVouchers().listByOwner({ userId: buyer.userId })).map((uv) => uv.id).sort()).toEqual(
      issued.map((uv) => uv!.id).sort(),
    );

    // The cart is empty now; paying again is refused.
    const again = await pay(buyer, { payment_type: 'card', payment_method: 'pm_card_visa' });
    expect(again).toMatchObject({ status: 422, body: { message: ORDER_TEXT.emptyCart } });
    // Someone else cannot read the payment.
    const other = await createTestAccount('user');
    expect((await api('GET', `order/payment/${paymentId}`, { token: other.token })).status).toBe(404);
  });

  it('declines 4000000000000002 with a German text on card (no English provider text), issues nothing and keeps the cart', async () => {
    const { product } = await sellerWithVouchers();
    const buyer = await createTestAccount('user');
    const line = await addLine({ token: buyer.token }, { voucher_id: product.id, qty: 1 });
    const answer = await pay(buyer, { payment_type: 'card', payment_method: await browserCard('4000000000000002') });
    expect(answer).toMatchObject({
      status: 422,
      body: {
        message: CARD_ERROR_TEXT.declined,
        errors: { card: [CARD_ERROR_TEXT.declined] },
      },
    });
    // Insufficient funds has its own text.
    const poor = await pay(buyer, { payment_type: 'card', payment_method: await browserCard('4000000000009995') });
    expect(poor.body.errors).toEqual({
      card: [CARD_ERROR_TEXT.insufficientFunds],
    });
    await settle();
    expect(await orders().get(line)).toMatchObject({ status: 'pending' });
    expect((await orders().get(line))?.user_voucher_ids).toBeUndefined();
    const cart = await api('GET', 'order?status=pending', { token: buyer.token });
    expect(cart.body.data.map((l: { id: string }) => l.id)).toEqual([line]);
    expect(await userVouchers().listByOwner({ userId: buyer.userId })).toEqual([]);
  });

  it('issues the vouchers once when the succeeded event runs 20 times at once (3-D Secure path, consumer and webhook)', async () => {
    const { product } = await sellerWithVouchers();
    const buyer = await createTestAccount('user');
    const lines = [
      await addLine({ token: buyer.token }, { voucher_id: product.id, qty: 1 }),
      await addLine({ token: buyer.token }, { voucher_id: product.id, qty: 3 }),
    ];
    const answer = await pay(buyer, { payment_type: 'card', payment_method: await browserCard('4000000000003220') });
    expect(answer.body.data).toMatchObject({ status: 'requires_action', completed: false });
    const url = new URL(answer.body.data.url as string);
    const intentId = url.pathname.split('/').pop()!;
    // A reloaded page polls and gets the redirect again.
    const polled = await api('GET', `order/payment/${answer.body.data.payment_id}`, { token: buyer.token });
    expect(polled.body.data).toMatchObject({ status: 'requires_action', url: answer.body.data.url, completed: false });
    // Hold the intent's events, then authorise at the "bank".
    await standInApi('POST', '/__test/hold', { object: intentId });
    const back = await fetch(`${standIn()}/__authorize/${intentId}`, {
      method: 'POST',
      body: new URLSearchParams({ token: url.searchParams.get('token')!, decision: 'approve' }),
      redirect: 'manual',
    });
    const returned = new URL(back.headers.get('location')!);
    expect(`${returned.origin}${returned.pathname}${returned.search.split('&')[0]}`).toBe(
      `${appUrl().replace(/\/+$/, '')}/cart?payment=${answer.body.data.payment_id}`,
    );
    const { body } = await standInApi<{ data: Stripe.Event[] }>(
      'GET',
      `/__test/events?type=payment_intent.succeeded&object=${intentId}`,
    );
    const event = body.data[0]!;
    expect(await issuedVouchers(lines)).toEqual([]);

    // The consumer itself, 20 concurrent runs without the webhook's event claim: one voucher per line.
    const deps = resolve(completionProviders);
    const since = Math.floor(Date.now() / 1000) - 1;
    const settled = await Promise.allSettled(Array.from({ length: 20 }, () => completePaymentOnEvent(deps, event)));
    const outcomes = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(outcomes.filter((o) => o === 'completed')).toHaveLength(1);
    // The others found it completed; one that met the mail lease of the sending run answers 409 (Stripe retries).
    for (const r of settled) if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 409 });
    expect(
      outcomes.filter((o) => o === 'already_completed').length + settled.filter((r) => r.status === 'rejected').length,
    ).toBe(19);
    const issued = await issuedVouchers(lines);
    expect(issued).toHaveLength(2);
    expect(new Set(issued.map((uv) => uv!.code)).size).toBe(2);

    const redelivered = await standInApi<{ statuses: number[] }>('POST', `/__test/events/${event.id}/redeliver`, {
      count: 20,
    });
    expect(redelivered.body.statuses.every((s) => s === 200 || s === 409)).toBe(true);
    await settle();
    expect(await issuedVouchers(lines)).toHaveLength(2);
    expect(await userVouchers().listByOwner({ userId: buyer.userId })).toHaveLength(2);
    const mails = (await sentMails(since)).filter((m) => m.destination.to.includes(buyer.email));
    expect(mails).toHaveLength(1);
    await standInApi('POST', '/__test/release', { object: intentId });
  });
  it('lets a guest pay the x-cart-id cart by card (bank refused), issues the vouchers to the e-mail and mails the codes', async () => {
    const { product } = await sellerWithVouchers();
    const cartId = randomUUID();
    const email = `guest-${cartId.slice(0, 8)}@test.example`;
    const line = await addLine({ cartId }, { voucher_id: product.id, qty: 1 });
    const guest = { email, first_name: 'Gustav', last_name: 'Gast' };
    const payAsGuest = (
      body: Record<string, unknown>,
      headers: Record<string, string> = { [CART_ID_HEADER]: cartId },
    ) => api('POST', 'order/guest/payment', { body, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID(), ...headers } });

    expect(await payAsGuest({ payment_type: 'bank', country: 'AT', guest })).toMatchObject({
      status: 422,
      body: { errors: { payment_type: [expect.any(String)] } },
    });
    expect((await payAsGuest({ payment_type: 'card', payment_method: 'pm_card_visa', guest }, {})).status).toBe(422);
    expect((await payAsGuest({ payment_type: 'card', payment_method: 'pm_card_visa' })).status).toBe(422);
    const since = Math.floor(Date.now() / 1000) - 1;
    const answer = await payAsGuest({
      payment_type: 'card',
      payment_method: await browserCard('4242424242424242'),
      guest,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const paymentId = answer.body.data.payment_id as string;
    await settle();

    expect(await api('GET', `order/payment/${paymentId}`, { headers: { [CART_ID_HEADER]: cartId } })).toMatchObject({
      status: 200,
      body: { data: { completed: true, amount: 4500 } },
    });
    expect(
      (await api('GET', `order/payment/${paymentId}`, { headers: { [CART_ID_HEADER]: randomUUID() } })).status,
    ).toBe(404);
    expect(await orders().get(line)).toMatchObject({ status: 'completed', guest, cart_id: cartId });
    const wallet = await userVouchers().listByOwner({ guestEmail: email });
    expect(wallet).toHaveLength(1);
    expect(wallet[0]).toMatchObject({ owner_guest_email: email, order_id: line });
    const mail = (await sentMails(since)).find((m) => m.destination.to.includes(email));
    expect(mail?.body.text).toContain(ORDER_TEXT.guestThankYou);
    expect(mail?.body.text).toContain(wallet[0]!.code);
  });

  it('applies a coupon once: the server discounts, the completion records the use and decrements the limit; unknown or used-up coupons are refused', async () => {
    const { product } = await sellerWithVouchers();
    const buyer = await createTestAccount('user');
    await addLine({ token: buyer.token }, { voucher_id: product.id, qty: 2 });
    const code = `T${randomUUID().slice(0, 8).toUpperCase()}`;
    const now = new Date().toISOString();
    const coupon = {
      id: code,
      code,
      percent_off: 10,
      amount_off: null,
      active: true,
      expires_at: null,
      limit: 3,
      created_at: now,
      updated_at: now,
    };
    await coupons().put(coupon);
    await coupons().put({ ...coupon, id: `${code}X`, code: `${code}X`, limit: 0 });

    expect(
      await pay(buyer, { payment_type: 'card', payment_method: 'pm_card_visa', coupon: 'NOPE-NOT-THERE' }),
    ).toMatchObject({ status: 422, body: { errors: { coupon: [ORDER_TEXT.couponInvalid] } } });
    expect(
      await pay(buyer, { payment_type: 'card', payment_method: 'pm_card_visa', coupon: `${code}X` }),
    ).toMatchObject({ status: 422, body: { errors: { coupon: [ORDER_TEXT.couponInvalid] } } });
    const answer = await pay(buyer, {
      payment_type: 'card',
      payment_method: 'pm_card_visa',
      coupon: code.toLowerCase(),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.amount).toBe(9000 - 900);
    await settle();
    const payment = await paymentRecords().get(answer.body.data.payment_id);
    expect(payment).toMatchObject({ discount: 900, coupon_code: code, amount: 8100 });
    expect(payment?.completed_at).toBeTruthy();
    expect(payment?.coupon_overdrawn).toBeUndefined();
    expect((await coupons().get(code))?.limit).toBe(2);
    expect(await orders().get(answer.body.data.order_ids[0])).toMatchObject({ status: 'completed', discount: 900 });
  });

  it('sends a bank payment (AT → EPS) to the bank and refuses a country outside the list', async () => {
    const { product } = await sellerWithVouchers();
    const buyer = await createTestAccount('user');
    await addLine({ token: buyer.token }, { voucher_id: product.id, qty: 1 });
    expect(await pay(buyer, { payment_type: 'bank', country: 'FR' })).toMatchObject({
      status: 422,
      body: { errors: { country: [expect.any(String)] } },
    });
    const answer = await pay(buyer, { payment_type: 'bank', country: 'AT' });
    expect(answer.body.data).toMatchObject({ status: 'requires_action', completed: false, amount: 4500 });
    expect(answer.body.data.url).toContain('/__authorize/');
    expect(await paymentRecords().get(answer.body.data.payment_id)).toMatchObject({
      payment_type: 'bank',
      country: 'AT',
    });
  });
  it('finishes a payment whose completion crashed half-way, without issuing anything twice', async () => {
    const { product } = await sellerWithVouchers();
    const buyer = await createTestAccount('user');
    const lines = [
      await addLine({ token: buyer.token }, { voucher_id: product.id, qty: 1 }),
      await addLine({ token: buyer.token }, { voucher_id: product.id, qty: 2 }),
    ];
    const answer = await pay(buyer, { payment_type: 'card', payment_method: await browserCard('4000000000003220') });
    const url = new URL(answer.body.data.url as string);
    const intentId = url.pathname.split('/').pop()!;
    await standInApi('POST', '/__test/hold', { object: intentId });
    await fetch(`${standIn()}/__authorize/${intentId}`, {
      method: 'POST',
      body: new URLSearchParams({ token: url.searchParams.get('token')!, decision: 'approve' }),
      redirect: 'manual',
    });
    const event = (
      await standInApi<{ data: Stripe.Event[] }>(
        'GET',
        `/__test/events?type=payment_intent.succeeded&object=${intentId}`,
      )
    ).body.data[0]!;

    const deps = resolve(completionProviders);
    let calls = 0;
    const crashing = {
      ...deps,
      orders: {
        ...orders(),
        completeLine: async (...args: Parameters<ReturnType<typeof orders>['completeLine']>) => {
          if (++calls === 2) throw new Error('simulated crash');
          return orders().completeLine(...args);
        },
      },
    };
    await expect(completePaymentOnEvent(crashing, event)).rejects.toThrow('simulated crash');
    expect((await issuedVouchers(lines)).length).toBe(1);
    expect((await paymentRecords().get(answer.body.data.payment_id))?.completed_at).toBeUndefined();

    // Stripe re-delivers: the webhook finishes the second line and the payment.
    await standInApi('POST', `/__test/events/${event.id}/redeliver`, { count: 3 });
    await settle();
    expect(await issuedVouchers(lines)).toHaveLength(2);
    expect(await userVouchers().listByOwner({ userId: buyer.userId })).toHaveLength(2);
    expect((await paymentRecords().get(answer.body.data.payment_id))?.completed_at).toBeTruthy();
    await standInApi('POST', '/__test/release', { object: intentId });
  });
  it('refunds a second payment of the same cart (double click, late 3-D Secure approval) instead of issuing twice', async () => {
    const { product } = await sellerWithVouchers();
    const buyer = await createTestAccount('user');
    const line = await addLine({ token: buyer.token }, { voucher_id: product.id, qty: 1 });
    const first = await pay(buyer, { payment_type: 'card', payment_method: await browserCard('4000000000003220') });
    expect(first.body.data.status).toBe('requires_action');
    const second = await pay(buyer, { payment_type: 'card', payment_method: 'pm_card_visa' });
    expect(second.body.data.status).toBe('succeeded');
    await settle();
    expect(await orders().get(line)).toMatchObject({ status: 'completed', payment_id: second.body.data.payment_id });

    const url = new URL(first.body.data.url as string);
    await fetch(`${standIn()}/__authorize/${url.pathname.split('/').pop()}`, {
      method: 'POST',
      body: new URLSearchParams({ token: url.searchParams.get('token')!, decision: 'approve' }),
      redirect: 'manual',
    });
    await settle();
    expect(await paymentRecords().get(first.body.data.payment_id)).toMatchObject({
      status: 'refunded',
      amount_refunded: 4500,
    });
    expect(await userVouchers().listByOwner({ userId: buyer.userId })).toHaveLength(1);
  });
});
