import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { SAVED_CARD_TEXT, TENANT_SHOP_NOT_FOUND } from '@gm/shared/orders/checkout-extras';
import { CART_ID_HEADER, ORDER_TEXT } from '@gm/shared/orders/contracts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { coupons, orders, paymentRecords, settings, stripeCustomers } from '../../lib/deps.ts';
import { payments } from '../../lib/deps/payments.ts';
import { FREE_ORDER_NO_INTENT } from './payment-intent.ts';

/**
 * Issue 4 extras against the real handlers and the Stripe stand-in: saved cards (user-stripe, paying
 * with the saved card), the client_secret flow (order/payment/paymentintent), the admin's sales pause
 * and the 0 € order.
 */
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 15_000 }) });

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

/** What Stripe.js does with the client secret: confirm the intent with the publishable key. */
async function confirmInBrowser(clientSecret: string, paymentMethod: string) {
  const intentId = clientSecret.split('_secret_')[0]!;
  const response = await fetch(`${standIn()}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.STRIPE_PUBLISHABLE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      client_secret: clientSecret,
      payment_method: paymentMethod,
      return_url: 'http://localhost/cart',
    }),
  });
  return { status: response.status, body: (await response.json()) as { status?: string; amount?: number } };
}

async function productVoucher(priceCents: number) {
  const seller = await createTestAccount('seller');
  const voucher = testVoucher(`v-${randomUUID()}`, seller.userId, {
    qty_val: priceCents,
    price_filter: priceCents,
    qty_min: 1,
    qty_max: 10,
  });
  await putVouchers(voucher);
  return voucher;
}

async function addLine(buyer: TestAccount, voucherId: string, qty = 1): Promise<string> {
  const answer = await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucherId, qty } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
}

const pay = (buyer: TestAccount, body: Record<string, unknown>) =>
  api('POST', 'order/payment', { token: buyer.token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });
const profileItem = async (userId: string) =>
  (
    await documentClient().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: { PK: `USER#${userId}`, SK: 'PROFILE' } }),
    )
  ).Item;

describe('saved cards', () => {
  it('saves the card at checkout (is_save), pays the second order with it directly, replaces and removes it', async () => {
    const voucher = await productVoucher(2000);
    const buyer = await createTestAccount('user');
    expect(await api('GET', 'user-stripe', { token: buyer.token })).toMatchObject({
      status: 200,
      body: { data: { is_save: false, card: null } },
    });

    const first = await addLine(buyer, voucher.id);
    const answer = await pay(buyer, {
      payment_type: 'card',
      payment_method: await browserCard('4242424242424242'),
      is_save: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.status).toBe('succeeded');
    const saved = await api('GET', 'user-stripe', { token: buyer.token });
    expect(saved.body.data).toMatchObject({ is_save: true, card: { brand: 'visa', last4: '4242', exp_month: 12 } });
    const cardId = saved.body.data.card.id as string;
    const customer = await stripeCustomers().get(buyer.userId);
    expect(await payments().listSavedCards(customer!.stripe_customer_id)).toEqual([
      expect.objectContaining({ id: cardId, last4: '4242' }),
    ]);
    expect((await profileItem(buyer.userId))?.stripe_is_save).toBe(true);
    await settle();
    expect((await orders().get(first))?.status).toBe('completed');

    // Second order: no card data at all, only the saved card's id.
    const second = await addLine(buyer, voucher.id, 2);
    const again = await pay(buyer, { payment_type: 'card', saved_card: cardId });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'succeeded', amount: 4000 });
    await settle();
    expect(await orders().get(second)).toMatchObject({ status: 'completed', p_type: 'stripe' });
    const intent = await payments().retrievePaymentIntent(
      (await paymentRecords().get(again.body.data.payment_id))!.stripe_payment_intent_id!,
    );
    expect(intent).toMatchObject({
      customerId: customer!.stripe_customer_id,
      paymentMethodId: cardId,
      status: 'succeeded',
    });

    // A stale or foreign card id is refused; nothing is charged.
    await addLine(buyer, voucher.id);
    expect(await pay(buyer, { payment_type: 'card', saved_card: 'pm_someone_else' })).toMatchObject({
      status: 422,
      body: { errors: { saved_card: [SAVED_CARD_TEXT.replacedMeanwhile] } },
    });

    // Replace from /profile-payment: the old card is detached at Stripe.
    const replaced = await api('POST', 'user-stripe', {
      token: buyer.token,
      body: { is_save: true, source: await browserCard('5555555555554444') },
    });
    expect(replaced).toMatchObject({
      status: 200,
      body: { data: { is_save: true, card: { brand: 'mastercard', last4: '4444' } }, message: SAVED_CARD_TEXT.saved },
    });
    expect((await payments().listSavedCards(customer!.stripe_customer_id)).map((c) => c.last4)).toEqual(['4444']);

    // Remove: nothing saved, the profile flag is off, paying with the old id is refused.
    const removed = await api('POST', 'user-stripe', { token: buyer.token, body: { is_save: false } });
    expect(removed).toMatchObject({
      status: 200,
      body: { data: { is_save: false, card: null }, message: SAVED_CARD_TEXT.removed },
    });
    expect(await payments().listSavedCards(customer!.stripe_customer_id)).toEqual([]);
    expect((await profileItem(buyer.userId))?.stripe_is_save).toBe(false);
    expect(await pay(buyer, { payment_type: 'card', saved_card: replaced.body.data.card.id })).toMatchObject({
      status: 422,
      body: { errors: { saved_card: [SAVED_CARD_TEXT.noSavedCard] } },
    });
  });

  it('two concurrent saves leave exactly one card attached at Stripe, the one recorded', async () => {
    const buyer = await createTestAccount('user');
    const [a, b] = await Promise.all([browserCard('4242424242424242'), browserCard('5555555555554444')]);
    const answers = await Promise.all(
      [a, b].map((source) => api('POST', 'user-stripe', { token: buyer.token, body: { is_save: true, source } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of answers) expect([200, 409]).toContain(r.status);
    const record = await stripeCustomers().get(buyer.userId);
    const attached = await payments().listSavedCards(record!.stripe_customer_id);
    expect(attached.map((c) => c.id)).toEqual([record!.default_payment_method_id]);
  });

  it('validates the request and keeps guests and other roles out', async () => {
    const buyer = await createTestAccount('user');
    expect(await api('POST', 'user-stripe', { token: buyer.token, body: { is_save: true } })).toMatchObject({
      status: 422,
      body: { errors: { source: ['Dieses Feld muss ausgefüllt werden'] } },
    });
    expect((await api('GET', 'user-stripe')).status).toBe(401);
    const seller = await createTestAccount('seller');
    expect((await api('GET', 'user-stripe', { token: seller.token })).status).toBe(403);
  });
});

describe('user/stipe-status', () => {
  it('answers isPayoutEnabled false for buyers and for sellers without a connected account', async () => {
    const buyer = await createTestAccount('user');
    expect(await api('GET', 'user/stipe-status', { token: buyer.token })).toMatchObject({
      status: 200,
      body: { isPayoutEnabled: false },
    });
    const seller = await createTestAccount('seller');
    expect(await api('GET', 'user/stipe-status', { token: seller.token })).toMatchObject({
      status: 200,
      body: { isPayoutEnabled: false },
    });
  });
});

describe('order/payment/paymentintent', () => {
  it('creates an intent for the server total whatever the client sends; confirming it in the browser completes the order', async () => {
    const voucher = await productVoucher(1550);
    const buyer = await createTestAccount('user');
    const line = await addLine(buyer, voucher.id, 3);
    const answer = await api('POST', 'order/payment/paymentintent', { token: buyer.token, body: { amount: 100 } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ amount: 4650, amount_changed: true });
    const { client_secret: secret, payment_id: paymentId } = answer.body.data as {
      client_secret: string;
      payment_id: string;
    };
    expect(secret).toMatch(/^pi_.+_secret_.+/);
    const record = await paymentRecords().get(paymentId);
    expect(record).toMatchObject({ amount: 4650, payer_user_id: buyer.userId, order_ids: [line] });
    expect((await payments().retrievePaymentIntent(record!.stripe_payment_intent_id!)).amountCents).toBe(4650);

    const confirmed = await confirmInBrowser(secret, await browserCard('4242424242424242'));
    expect(confirmed).toMatchObject({ status: 200, body: { status: 'succeeded', amount: 4650 } });
    await settle();
    expect(await orders().get(line)).toMatchObject({ status: 'completed', payment_id: paymentId });
    expect(await api('GET', `order/payment/${paymentId}`, { token: buyer.token })).toMatchObject({
      status: 200,
      body: { data: { completed: true, status: 'succeeded' } },
    });
  });

  it('works for a guest cart by x-cart-id and refuses an empty cart', async () => {
    const voucher = await productVoucher(1000);
    const cartId = randomUUID();
    const guest = { email: `g-${randomUUID()}@test.example`, first_name: 'Gast', last_name: 'Käufer' };
    expect(
      await api('POST', 'order/payment/paymentintent', { body: { guest }, headers: { [CART_ID_HEADER]: cartId } }),
    ).toMatchObject({ status: 422, body: { message: ORDER_TEXT.emptyCart } });
    expect(
      (
        await api('POST', 'order/guest', {
          body: { voucher_id: voucher.id, qty: 2 },
          headers: { [CART_ID_HEADER]: cartId },
        })
      ).status,
    ).toBe(201);
    const answer = await api('POST', 'order/payment/paymentintent', {
      body: { guest, amount: 2000 },
      headers: { [CART_ID_HEADER]: cartId },
    });
    expect(answer).toMatchObject({ status: 200, body: { data: { amount: 2000, amount_changed: false } } });
    expect(await paymentRecords().get(answer.body.data.payment_id)).toMatchObject({
      cart_id: cartId,
      guest: { email: guest.email },
    });
  });
});

describe('free orders and Stripe minimum', () => {
  it('a 100 % coupon completes the order without a card (p_type none) exactly once; 1–49 ct are refused', async () => {
    const voucher = await productVoucher(2000);
    const buyer = await createTestAccount('user');
    const now = new Date().toISOString();
    const code = `FREE${randomUUID().slice(0, 8).toUpperCase()}`;
    await coupons().put({
      id: code,
      code,
      percent_off: 100,
      amount_off: null,
      active: true,
      expires_at: null,
      limit: 5,
      created_at: now,
      updated_at: now,
    });
    const line = await addLine(buyer, voucher.id);

    expect(
      await api('POST', 'order/payment/paymentintent', { token: buyer.token, body: { coupon: code } }),
    ).toMatchObject({ status: 422, body: { errors: { amount: [FREE_ORDER_NO_INTENT] } } });
    // The same attempt sent three times at once, and two different attempts: one completion.
    const key = randomUUID();
    const body = { payment_type: 'card', coupon: code };
    const answers = await Promise.all([
      ...[1, 2, 3].map(() =>
        api('POST', 'order/payment', { token: buyer.token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
      ),
      pay(buyer, body),
    ]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409, 422]).toContain(a.status);
    const completed = await orders().get(line);
    expect(completed).toMatchObject({ status: 'completed', p_type: 'none', processing_fee: 0, discount: 2000 });
    expect(completed?.user_voucher_ids).toHaveLength(1);
    const payment = await paymentRecords().get(completed!.payment_id!);
    expect(payment).toMatchObject({ amount: 0, payment_type: 'none' });
    expect(payment?.stripe_payment_intent_id).toBeUndefined();
    expect(await api('GET', `order/payment/${payment!.id}`, { token: buyer.token })).toMatchObject({
      body: { data: { status: 'succeeded', completed: true, amount: 0 } },
    });
    expect((await coupons().get(code))?.limit).toBe(4);

    // 20,00 € less 19,70 € = 30 ct: below Stripe's minimum.
    const cheap = `LOW${randomUUID().slice(0, 8).toUpperCase()}`;
    await coupons().put({
      id: cheap,
      code: cheap,
      percent_off: null,
      amount_off: 1970,
      active: true,
      expires_at: null,
      limit: null,
      created_at: now,
      updated_at: now,
    });
    await addLine(buyer, voucher.id);
    expect(await pay(buyer, { payment_type: 'card', payment_method: 'pm_card_visa', coupon: cheap })).toMatchObject({
      status: 422,
      body: { errors: { cart: [SAVED_CARD_TEXT.belowMinimum] } },
    });
  });

  it('refuses a total above Stripe’s largest charge with 422 on cart (issue 14)', async () => {
    const seller = await createTestAccount('seller');
    const big = testVoucher(`v-${randomUUID()}`, seller.userId, {
      type: 'quantity',
      qty_val: 5_000_000,
      price_filter: 5_000_000,
      qty_min: 1,
      qty_max: 50,
    });
    await putVouchers(big);
    const buyer = await createTestAccount('user');
    const line = await addLine(buyer, big.id, 21);
    expect(await pay(buyer, { payment_type: 'card', payment_method: 'pm_card_visa' })).toMatchObject({
      status: 422,
      body: { errors: { cart: [SAVED_CARD_TEXT.aboveMaximum] } },
    });
    expect(await orders().get(line)).toMatchObject({ status: 'pending' });
    expect((await orders().get(line))?.payment_id).toBeUndefined();
  });
});

describe('tenant shops: POST order/search and the payment', () => {
  it('a tenant shop lists and pays only the lines put into the cart there; the marketplace sees all', async () => {
    const subdomain = `shop${randomUUID().slice(0, 8)}`;
    const seller = await createTestAccount('seller', { subdomain });
    const shopVoucher = testVoucher(`v-${randomUUID()}`, seller.userId, {
      qty_val: 3000,
      price_filter: 3000,
      qty_min: 1,
      qty_max: 10,
    });
    await putVouchers(shopVoucher);
    const marketVoucher = await productVoucher(1200);
    const buyer = await createTestAccount('user');
    const shop = { 'x-forwarded-host': `${subdomain}.gutscheinmarkt.localhost` };
    const inShop = await api('POST', 'order', {
      token: buyer.token,
      body: { voucher_id: shopVoucher.id, qty: 1 },
      headers: shop,
    });
    expect(inShop.body.data).toMatchObject({ channel: 'subdomain', subdomain });
    const elsewhere = await addLine(buyer, marketVoucher.id, 2);

    const onShop = await api('POST', 'order/search', {
      token: buyer.token,
      body: { status: 'pending' },
      headers: shop,
    });
    expect(onShop.status, JSON.stringify(onShop.body)).toBe(200);
    expect(onShop.body.data.map((l: { id: string }) => l.id)).toEqual([inShop.body.data.id]);
    const bySubdomain = await api('POST', 'order/search', {
      token: buyer.token,
      body: { status: 'pending', subdomain: subdomain.toUpperCase() },
    });
    expect(bySubdomain.body.data.map((l: { id: string }) => l.id)).toEqual([inShop.body.data.id]);
    const all = await api('POST', 'order/search', { token: buyer.token, body: { status: 'pending', paginate: 1 } });
    expect(all.body).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    const byKeyword = await api('POST', 'order/search', {
      token: buyer.token,
      body: { keyword: marketVoucher.title.slice(5, 20).toLowerCase() },
    });
    expect(byKeyword.body.data.map((l: { id: string }) => l.id)).toEqual([elsewhere]);
    // Someone else's cart is never reached; guests need their cart id.
    const other = await createTestAccount('user');
    expect((await api('POST', 'order/search', { token: other.token, body: {} })).body.total).toBe(0);
    expect((await api('POST', 'order/search', { body: {} })).status).toBe(422);

    // Paying on the shop charges the shop's line only; the marketplace line stays in the cart.
    const paid = await api('POST', 'order/payment', {
      token: buyer.token,
      body: { payment_type: 'card', payment_method: 'pm_card_visa' },
      headers: { ...shop, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ amount: 3000, order_ids: [inShop.body.data.id] });
    await settle();
    expect((await orders().get(elsewhere))?.status).toBe('pending');
    const completed = await api('POST', 'order/search', {
      token: buyer.token,
      body: { status: 'completed' },
      headers: shop,
    });
    expect(completed.body.data.map((l: { id: string }) => l.id)).toEqual([inShop.body.data.id]);
  });

  it('GET user/company/name finds the tenant shop by subdomain, with its custom-auth flag; unknown ones are 404', async () => {
    const subdomain = `auth${randomUUID().slice(0, 8)}`;
    const seller = await createTestAccount('seller', { subdomain, is_custom_auth: true });
    const found = await api('GET', `user/company/name?subdomain=${subdomain.toUpperCase()}`);
    expect(found).toMatchObject({
      status: 200,
      body: { data: { seller_id: seller.userId, subdomain, is_custom_auth: true } },
    });
    expect(await api('GET', `user/company/name?subdomain=nix${randomUUID().slice(0, 8)}`)).toMatchObject({
      status: 404,
      body: { message: TENANT_SHOP_NOT_FOUND },
    });
    expect((await api('GET', 'user/company/name')).status).toBe(422);
  });
});

describe('sales pause switch (admin)', () => {
  let before = false;
  beforeAll(async () => {
    before = (await settings().getSalesPause()).sales_paused;
  });
  afterAll(async () => {
    await settings().putSalesPause({ sales_paused: before }, new Date().toISOString());
  });

  it('only admins switch it; while paused cart add, payment and payment intent are refused, reads keep working', async () => {
    const admin = await createTestAccount('admin');
    const buyer = await createTestAccount('user');
    const voucher = await productVoucher(1000);
    // A voucher bought before the pause.
    const bought = await addLine(buyer, voucher.id);
    expect((await pay(buyer, { payment_type: 'card', payment_method: 'pm_card_visa' })).status).toBe(200);
    await settle();
    const userVoucherId = (await orders().get(bought))!.user_voucher_ids![0]!;
    await addLine(buyer, voucher.id);
    expect((await api('PUT', 'app-status', { token: buyer.token, body: { sales_paused: true } })).status).toBe(403);
    expect(await api('PUT', 'app-status', { token: admin.token, body: { sales_paused: 'ja' } })).toMatchObject({
      status: 422,
    });

    expect(await api('PUT', 'app-status', { token: admin.token, body: { sales_paused: true } })).toMatchObject({
      status: 200,
      body: { sales_paused: true },
    });
    expect((await api('GET', 'app-status')).body).toEqual({ sales_paused: true });
    expect(await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucher.id, qty: 1 } })).toMatchObject({
      status: 422,
      body: { message: ORDER_TEXT.salesPaused },
    });
    expect(await pay(buyer, { payment_type: 'card', payment_method: 'pm_card_visa' })).toMatchObject({
      status: 422,
      body: { message: ORDER_TEXT.salesPaused },
    });
    expect(await api('POST', 'order/payment/paymentintent', { token: buyer.token, body: {} })).toMatchObject({
      status: 422,
      body: { message: ORDER_TEXT.salesPaused },
    });
    // The wallet keeps working: list and detail of the voucher bought before.
    const wallet = await api('POST', 'user-voucher/search/user-vouchers', { token: buyer.token, body: {} });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
    expect(JSON.stringify(wallet.body)).toContain(userVoucherId);
    expect((await api('GET', `user-voucher/${userVoucherId}`, { token: buyer.token })).status).toBe(200);
    // Reading carts, orders and saved cards still works.
    expect((await api('GET', 'order', { token: buyer.token })).status).toBe(200);
    expect((await api('GET', 'order?status=completed', { token: buyer.token })).status).toBe(200);
    expect((await api('GET', 'user-stripe', { token: buyer.token })).status).toBe(200);

    expect(await api('PUT', 'app-status', { token: admin.token, body: { sales_paused: false } })).toMatchObject({
      status: 200,
      body: { sales_paused: false },
    });
    expect((await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucher.id, qty: 1 } })).status).toBe(
      201,
    );
  });
});
