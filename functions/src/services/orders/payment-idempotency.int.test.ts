import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_TEXT } from '@gm/shared/api/idempotency';
import { CART_ID_HEADER, ORDER_TEXT } from '@gm/shared/orders/contracts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';

const standIn = () => process.env.STRIPE_STAND_IN_URL as string;

async function browserCard(number = '4242424242424242'): Promise<string> {
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

/** The PAYMENT items of a buyer or a guest cart (GSI1, docs/data-model.md "Payment"). */
async function paymentIds(gsi1pk: string): Promise<string[]> {
  const { Items = [] } = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
    }),
  );
  return Items.map((item) => item.id as string);
}

/** PaymentIntents the Stripe stand-in created for these payments (its `payment_intent.created` events). */
async function intentsFor(paymentIdList: string[]): Promise<string[]> {
  const response = await fetch(`${standIn()}/__test/events?type=payment_intent.created`);
  const { data } = (await response.json()) as {
    data: { data: { object: { id: string; metadata?: { payment_id?: string } } } }[];
  };
  return data
    .map((e) => e.data.object)
    .filter((o) => paymentIdList.includes(o.metadata?.payment_id ?? ''))
    .map((o) => o.id);
}

async function buyerWithCart(): Promise<TestAccount> {
  const seller = await createTestAccount('seller');
  const product = testVoucher(`v-${randomUUID()}`, seller.userId, {
    qty_val: 4900,
    price_filter: 4500,
    expiry_date: 3,
  });
  await putVouchers(product);
  const buyer = await createTestAccount('user');
  const added = await api('POST', 'order', { token: buyer.token, body: { voucher_id: product.id, qty: 1 } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return buyer;
}

const pay = (buyer: TestAccount, key: string | undefined, body: Record<string, unknown>) =>
  api('POST', 'order/payment', {
    token: buyer.token,
    body,
    headers: key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
  });

describe('POST order/payment is idempotent by Idempotency-Key', () => {
  it('10 concurrent requests with one key start exactly one payment; the others get the same answer or 409', async () => {
    const buyer = await buyerWithCart();
    const key = randomUUID();
    const body = { payment_type: 'card', payment_method: await browserCard() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(buyer, key, body)));

    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 409);
    expect(ok.length + busy.length, JSON.stringify(answers.map((a) => [a.status, a.body]))).toBe(10);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) expect(answer.body).toEqual({ message: IDEMPOTENCY_TEXT.paymentInProgress });
    const paymentId = ok[0]!.body.data.payment_id as string;
    for (const answer of ok) expect(answer.body).toEqual(ok[0]!.body);

    const payments = await paymentIds(`USER#${buyer.userId}#PAYMENTS`);
    expect(payments).toEqual([paymentId]);
    expect(await intentsFor(payments)).toHaveLength(1);

    // A later retry (the browser re-sends) gets the stored answer and starts nothing.
    const retry = await pay(buyer, key, { payment_method: body.payment_method, payment_type: 'card' });
    expect(retry).toMatchObject({ status: 200, body: ok[0]!.body });
    expect(await paymentIds(`USER#${buyer.userId}#PAYMENTS`)).toEqual([paymentId]);
  });

  it('refuses a missing or malformed key and a key reused with another body (422, German), and keys are per buyer', async () => {
    const buyer = await buyerWithCart();
    const body = { payment_type: 'card', payment_method: await browserCard() };
    for (const key of [undefined, '', 'not-a-uuid']) {
      expect(await pay(buyer, key, body)).toMatchObject({
        status: 422,
        body: { message: IDEMPOTENCY_TEXT.missingKey, errors: { idempotency_key: [IDEMPOTENCY_TEXT.missingKey] } },
      });
    }
    expect(await paymentIds(`USER#${buyer.userId}#PAYMENTS`)).toEqual([]);

    const key = randomUUID();
    const first = await pay(buyer, key, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const other = await pay(buyer, key, {
      payment_type: 'card',
      payment_method: await browserCard('5555555555554444'),
    });
    expect(other).toMatchObject({
      status: 422,
      body: { message: IDEMPOTENCY_TEXT.keyReused, errors: { idempotency_key: [IDEMPOTENCY_TEXT.keyReused] } },
    });
    expect(await paymentIds(`USER#${buyer.userId}#PAYMENTS`)).toHaveLength(1);

    // Another buyer's record is another record: the same key starts that buyer's own payment.
    const stranger = await buyerWithCart();
    const theirs = await pay(stranger, key, { payment_type: 'card', payment_method: await browserCard() });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(theirs.body.data.payment_id).not.toBe(first.body.data.payment_id);
  });

  it('a failed run releases the key: the same request may be retried with it', async () => {
    const buyer = await createTestAccount('user');
    const key = randomUUID();
    const body = { payment_type: 'card', payment_method: await browserCard() };
    expect(await pay(buyer, key, body)).toMatchObject({ status: 422, body: { message: ORDER_TEXT.emptyCart } });

    const seller = await createTestAccount('seller');
    const product = testVoucher(`v-${randomUUID()}`, seller.userId, {
      qty_val: 4900,
      price_filter: 4500,
      expiry_date: 3,
    });
    await putVouchers(product);
    expect((await api('POST', 'order', { token: buyer.token, body: { voucher_id: product.id, qty: 1 } })).status).toBe(
      201,
    );
    const retried = await pay(buyer, key, body);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(await paymentIds(`USER#${buyer.userId}#PAYMENTS`)).toEqual([retried.body.data.payment_id]);
  });
});

describe('POST order/guest/payment is idempotent per guest cart', () => {
  it('concurrent repeats start one payment; a missing key is 422', async () => {
    const seller = await createTestAccount('seller');
    const product = testVoucher(`v-${randomUUID()}`, seller.userId, {
      qty_val: 4900,
      price_filter: 4500,
      expiry_date: 3,
    });
    await putVouchers(product);
    const cartId = randomUUID();
    expect(
      (
        await api('POST', 'order/guest', {
          body: { voucher_id: product.id, qty: 1 },
          headers: { [CART_ID_HEADER]: cartId },
        })
      ).status,
    ).toBe(201);
    const body = {
      payment_type: 'card',
      payment_method: await browserCard(),
      guest: { email: `g-${cartId.slice(0, 8)}@test.example`, first_name: 'Gustav', last_name: 'Gast' },
    };

    expect(await api('POST', 'order/guest/payment', { body, headers: { [CART_ID_HEADER]: cartId } })).toMatchObject({
      status: 422,
      body: { message: IDEMPOTENCY_TEXT.missingKey },
    });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api('POST', 'order/guest/payment', {
          body,
          headers: { [CART_ID_HEADER]: cartId, [IDEMPOTENCY_KEY_HEADER]: key },
        }),
      ),
    );
    expect(
      answers.every((a) => a.status === 200 || a.status === 409),
      JSON.stringify(answers.map((a) => a.status)),
    ).toBe(true);
    const payments = await paymentIds(`GUEST_CART#${cartId}#PAYMENTS`);
    expect(payments).toHaveLength(1);
    expect(await intentsFor(payments)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status === 200)) expect(answer.body.data.payment_id).toBe(payments[0]);
  });
});
