import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { GIFT_TEXT } from '@gm/shared/wallet/gift';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { gifts, orders, userVouchers } from '../../lib/deps.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';

/**
 * Gifts at purchase and direct sale end to end (issues 5/6): the real handlers behind the local API,
 * the Stripe stand-in and its signed webhook completing the paid gift lines, the SES stand-in's inbox.
 */
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 15_000 }) });

async function item(PK: string, SK: string) {
  return (
    await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: { PK, SK }, ConsistentRead: true }))
  ).Item;
}

async function browserCard(): Promise<string> {
  const response = await fetch(`${standIn()}/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.STRIPE_PUBLISHABLE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 2),
      'card[cvc]': '123',
    }),
  });
  return ((await response.json()) as { id: string }).id;
}

/** A seller with a product voucher (45 €, face value 49 €, up to 5 pieces). */
async function seller(overrides: Parameters<typeof createTestAccount>[1] = {}) {
  const account = await createTestAccount('seller', overrides);
  const voucher = testVoucher(`v-${randomUUID()}`, account.userId, {
    qty_val: 4900,
    price_filter: 4500,
    expiry_date: 3,
  });
  const direct = testVoucher(`v-${randomUUID()}`, account.userId, {
    qty_val: 3000,
    price_filter: 3000,
    display: 'direktverkauf',
    expiry_date: 2,
  });
  await putVouchers(voucher, direct);
  return { account, voucher, direct };
}

/** The buyer puts a gift line into the cart and pays it; the webhook completes it without issuing a voucher. */
async function paidGift(buyer: TestAccount, voucherId: string, qty: number): Promise<string> {
  const added = await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucherId, qty, is_gift: true } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const paid = await api('POST', 'order/payment', {
    token: buyer.token,
    body: { payment_type: 'card', payment_method: await browserCard() },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await settle();
  const id = added.body.data.id as string;
  for (let i = 0; i < 50 && (await orders().get(id))?.status !== 'completed'; i++)
    await new Promise((r) => setTimeout(r, 200));
  return id;
}

const gift = (who: TestAccount, body: Record<string, unknown>, key: string = randomUUID()) =>
  api('POST', 'order/gift-voucher', { token: who.token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

describe('gifts at purchase', () => {
  it('a paid gift line issues nothing to the payer; a wallet gift lands in the chosen buyer’s wallet only', async () => {
    const { voucher } = await seller();
    const buyer = await createTestAccount('user');
    const friend = await createTestAccount('user');
    const since = Math.floor(Date.now() / 1000) - 1;
    const orderId = await paidGift(buyer, voucher.id, 2);
    const line = await orders().get(orderId);
    // The confirmation mail links the gift form instead of a wallet voucher.
    await expect
      .poll(async () => (await sentMails(since)).find((m) => m.destination.to.includes(buyer.email))?.body.text ?? '', {
        timeout: 10_000,
      })
      .toContain(`/vouchers-gift/${orderId}`);
    expect(line).toMatchObject({ status: 'completed', is_gift: true, user_voucher_ids: [] });
    expect(await userVouchers().listByOwner({ userId: buyer.userId })).toEqual([]);

    // The gift page sees the line; wallet excludes e-mail (422 before anything is written).
    const page = await api('GET', `order/gift-voucher/${orderId}`, { token: buyer.token });
    expect(page.body.data).toMatchObject({ can_gift: true, gift: null, order: { id: orderId, is_gift: true } });
    const mixed = await gift(buyer, {
      order_id: orderId,
      giftType: ['wallet', 'email'],
      user_id: friend.userId,
      email: 'x@test.example',
    });
    expect(mixed.status).toBe(422);
    expect(await gifts().get(orderId)).toBeUndefined();

    const answer = await gift(buyer, {
      order_id: orderId,
      giftType: ['wallet'],
      user_id: friend.userId,
      priceHidden: true,
      voucherUsage: 'once',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe(GIFT_TEXT.success);
    expect(answer.body.user_voucher).toMatchObject({
      qty: 2,
      remaining_value: 9800,
      price_hidden: true,
      voucher_usage: 'once',
    });
    expect(answer.body.user_voucher.code).toBeUndefined();

    const friendsWallet = await userVouchers().listByOwner({ userId: friend.userId });
    expect(friendsWallet.map((uv) => uv.id)).toEqual([answer.body.user_voucher.id]);
    expect(friendsWallet[0]).toMatchObject({
      owner_user_id: friend.userId,
      status: 'active',
      remaining_qty: 2,
      from_name: 'Test user',
      sent_via: null,
    });
    expect(await userVouchers().listByOwner({ userId: buyer.userId })).toEqual([]);
    expect((await orders().get(orderId))?.user_voucher_ids).toEqual([answer.body.user_voucher.id]);
    // The recipient's wallet API shows it too (the wallet issue's list).
    const listed = await api('POST', 'user-voucher/search/user-vouchers', {
      token: friend.token,
      body: { page: 1, paginate: 9 },
    });
    if (listed.status === 200) expect(JSON.stringify(listed.body)).toContain(answer.body.user_voucher.id);
  });

  it('bulk qty 3 makes 3 user vouchers, one piece each', async () => {
    const { voucher } = await seller();
    const buyer = await createTestAccount('user');
    const friend = await createTestAccount('user');
    const orderId = await paidGift(buyer, voucher.id, 3);
    const answer = await gift(buyer, { order_id: orderId, giftType: ['wallet'], user_id: friend.userId, isBulk: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.user_voucher).toHaveLength(3);
    const wallet = await userVouchers().listByOwner({ userId: friend.userId });
    expect(wallet).toHaveLength(3);
    for (const uv of wallet) expect(uv).toMatchObject({ qty: 1, remaining_qty: 1, order_id: orderId });
    expect(wallet.reduce((sum, uv) => sum + uv.remaining_value, 0)).toBe(3 * 4900);
    expect(new Set(wallet.map((uv) => uv.code)).size).toBe(3);
    expect((await orders().get(orderId))?.user_voucher_ids?.sort()).toEqual(wallet.map((uv) => uv.id).sort());
  });

  it('gives once: 8 racing calls for the same order make one gift; a later call and a stranger change nothing', async () => {
    const { voucher } = await seller();
    const buyer = await createTestAccount('user');
    const friend = await createTestAccount('user');
    const stranger = await createTestAccount('user');
    const orderId = await paidGift(buyer, voucher.id, 3);

    // A stranger cannot gift (or even see) someone else's order.
    const foreign = await gift(stranger, { order_id: orderId, giftType: ['wallet'], user_id: friend.userId });
    expect(foreign).toMatchObject({ status: 404, body: { message: GIFT_TEXT.orderNotFound } });
    expect((await api('GET', `order/gift-voucher/${orderId}`, { token: stranger.token })).status).toBe(404);
    expect(await gifts().get(orderId)).toBeUndefined();

    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        gift(buyer, { order_id: orderId, giftType: ['wallet'], user_id: friend.userId, isBulk: true }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([409, 422]).toContain(a.status);
    expect(await userVouchers().listByOwner({ userId: friend.userId })).toHaveLength(3);

    const later = await gift(buyer, { order_id: orderId, giftType: ['wallet'], user_id: stranger.userId });
    expect(later).toMatchObject({ status: 422, body: { message: GIFT_TEXT.alreadyGifted } });
    expect(await userVouchers().listByOwner({ userId: stranger.userId })).toEqual([]);
    expect(await userVouchers().listByOwner({ userId: friend.userId })).toHaveLength(3);
    expect((await orders().get(orderId))?.user_voucher_ids).toHaveLength(3);
  });

  it('the same Idempotency-Key repeated gets the first answer and issues nothing more', async () => {
    const { voucher } = await seller();
    const buyer = await createTestAccount('user');
    const friend = await createTestAccount('user');
    const orderId = await paidGift(buyer, voucher.id, 1);
    const key = randomUUID();
    const body = { order_id: orderId, giftType: ['wallet'], user_id: friend.userId };
    const first = await gift(buyer, body, key);
    const again = await gift(buyer, body, key);
    expect(first.status).toBe(200);
    expect(again).toEqual(expect.objectContaining({ status: 200, body: first.body }));
    expect(await userVouchers().listByOwner({ userId: friend.userId })).toHaveLength(1);
  });

  it('an e-mail gift arrives in the inbox with the PDF and a link the recipient receives into the wallet', async () => {
    const { voucher } = await seller();
    const buyer = await createTestAccount('user');
    const orderId = await paidGift(buyer, voucher.id, 2);
    const to = `gift-${randomUUID().slice(0, 8)}@test.example`;
    const since = Math.floor(Date.now() / 1000) - 1;
    const answer = await gift(buyer, {
      order_id: orderId,
      giftType: ['email', 'pdf'],
      email: to,
      isBulk: true,
      expirationDate: `${new Date().getFullYear() + 1}-06-30`,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const mails = (await sentMails(since)).filter((m) => m.destination.to.includes(to));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
      expect(mail.body.text).toContain('/ein-liebevolles-geschenk/');
    }
    const issued = await Promise.all(
      (answer.body.user_voucher as { id: string }[]).map((uv) => userVouchers().get(uv.id)),
    );
    for (const uv of issued) {
      expect(uv).toMatchObject({
        sent_via: 'email',
        valid_until: `${new Date().getFullYear() + 1}-06-30`,
        status: 'active',
      });
      expect(uv?.owner_user_id).toBeUndefined();
      expect(uv?.transfer_code).toBeTruthy();
    }
    // The giver downloads the printed copy of unit 1; nobody else can.
    const pdf = await api('POST', 'order/download-gift-voucher', {
      token: buyer.token,
      body: { order_id: orderId, id: issued[0]!.id },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const stranger = await createTestAccount('user');
    expect(
      (
        await api('POST', 'order/download-gift-voucher', {
          token: stranger.token,
          body: { order_id: orderId, id: issued[0]!.id },
        })
      ).status,
    ).toBe(404);

    // The link of the first mail moves the voucher into the recipient's wallet (the transfer issue's receive).
    const code = /\/ein-liebevolles-geschenk\/([A-Za-z0-9_-]+)/.exec(mails[0]!.body.text ?? '')?.[1];
    const recipient = await createTestAccount('user');
    const received = await api('POST', 'transfer', {
      token: recipient.token,
      body: { id: code },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect((await userVouchers().listByOwner({ userId: recipient.userId })).length).toBe(1);
  });

  it('refuses an expiration date after the voucher’s validity and a wallet gift to a non-buyer', async () => {
    const { voucher, account } = await seller();
    const buyer = await createTestAccount('user');
    const orderId = await paidGift(buyer, voucher.id, 1);
    const late = await gift(buyer, {
      order_id: orderId,
      giftType: ['pdf'],
      expirationDate: `${new Date().getFullYear() + 5}-01-01`,
    });
    expect(late.status).toBe(422);
    expect(late.body.errors.expirationDate).toBeTruthy();
    const toSeller = await gift(buyer, { order_id: orderId, giftType: ['wallet'], user_id: account.userId });
    expect(toSeller).toMatchObject({ status: 422, body: { errors: { user_id: [GIFT_TEXT.recipientNotFound] } } });
    expect(await gifts().get(orderId)).toBeUndefined();
  });

  it('user-filter finds buyers by username prefix, never the caller or other roles', async () => {
    const buyer = await createTestAccount('user');
    const other = await createTestAccount('user');
    const { account } = await seller();
    const found = await api(
      'GET',
      `user/user-filter?role=user&keyword=${encodeURIComponent(other.email.split('@')[0]!)}`,
      { token: buyer.token },
    );
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([{ id: other.userId, username: other.email.split('@')[0] }]);
    const self = await api('GET', `user/user-filter?keyword=${encodeURIComponent(buyer.email.split('@')[0]!)}`, {
      token: buyer.token,
    });
    expect(self.body.data).toEqual([]);
    const sellers = await api('GET', `user/user-filter?keyword=${encodeURIComponent(account.email.split('@')[0]!)}`, {
      token: buyer.token,
    });
    expect(sellers.body.data).toEqual([]);
    // Without a keyword nobody is listed.
    expect(await api('GET', 'user/user-filter?role=user', { token: buyer.token })).toMatchObject({
      status: 200,
      body: { data: [] },
    });
  });
});

describe('direct sale', () => {
  it('a seller sells its own voucher provision-free into a buyer’s wallet: channel direktverkauf, p_type none, commission 0, stats like a sale', async () => {
    const { account, direct, voucher } = await seller();
    const buyer = await createTestAccount('user');
    const list = await api('GET', 'voucher/direct-sale', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body.gift_locked).toBe(false);
    expect(list.body.data.map((v: { id: string }) => v.id).sort()).toEqual([direct.id, voucher.id].sort());

    const added = await api('POST', 'order/direct-sale', {
      token: account.token,
      body: { voucher_id: direct.id, qty: 2 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const orderId = added.body.data.id as string;
    expect(await orders().get(orderId)).toMatchObject({ status: 'pending', channel: 'direktverkauf', is_gift: true });
    await aggregatesCaughtUp();
    const before = (await item(`SELLER#${account.userId}#STATS`, 'TOTAL')) ?? {};

    const answer = await gift(account, { order_id: orderId, giftType: ['wallet'], user_id: buyer.userId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const line = await orders().get(orderId);
    expect(line).toMatchObject({
      status: 'completed',
      channel: 'direktverkauf',
      p_type: 'none',
      commission: 0,
      processing_fee: 0,
      seller_net: 0,
      total_amount: 6000,
    });
    expect(line?.payment_id).toBeUndefined();
    expect(line?.order_no).toMatch(/^GM-\d{4}-\d{6}$/);
    expect(line?.invoice_no ?? null).toBeNull();
    const wallet = await userVouchers().listByOwner({ userId: buyer.userId });
    expect(wallet.map((uv) => uv.id)).toEqual([answer.body.user_voucher.id]);
    expect(wallet[0]).toMatchObject({ seller_id: account.userId, remaining_qty: 2, remaining_value: 6000 });
    await aggregatesCaughtUp();
    const after = await item(`SELLER#${account.userId}#STATS`, 'TOTAL');
    expect(after).toMatchObject({
      sold_count: (before.sold_count ?? 0) + 1,
      gross: (before.gross ?? 0) + 6000,
      commission: before.commission ?? 0,
      seller_net: before.seller_net ?? 0,
    });
    expect((await gift(account, { order_id: orderId, giftType: ['wallet'], user_id: buyer.userId })).status).toBe(422);
  });

  it('refuses another seller’s voucher, a buyer, and a gift-locked seller', async () => {
    const a = await seller();
    const b = await seller();
    const refused = await api('POST', 'order/direct-sale', {
      token: a.account.token,
      body: { voucher_id: b.direct.id, qty: 1 },
    });
    expect(refused).toMatchObject({ status: 403, body: { message: GIFT_TEXT.directSaleNotOwn } });
    const buyer = await createTestAccount('user');
    expect(
      (await api('POST', 'order/direct-sale', { token: buyer.token, body: { voucher_id: a.direct.id, qty: 1 } }))
        .status,
    ).toBe(403);

    // A seller cannot complete another seller's direct-sale line either.
    const added = await api('POST', 'order/direct-sale', {
      token: b.account.token,
      body: { voucher_id: b.direct.id, qty: 1 },
    });
    const stolen = await gift(a.account, { order_id: added.body.data.id, giftType: ['pdf'] });
    expect(stolen.status).toBe(404);
    expect(await orders().get(added.body.data.id)).toMatchObject({ status: 'pending' });

    const locked = await seller({ gift_locked: true });
    const list = await api('GET', 'voucher/direct-sale', { token: locked.account.token });
    expect(list.body).toEqual({ data: [], gift_locked: true });
    const add = await api('POST', 'order/direct-sale', {
      token: locked.account.token,
      body: { voucher_id: locked.direct.id, qty: 1 },
    });
    expect(add).toMatchObject({ status: 403, body: { message: GIFT_TEXT.giftLocked } });
  });

  it('racing “Bestellung abgeben” completes a direct sale once: one order, one voucher, one sale in the stats', async () => {
    const { account, direct } = await seller();
    const buyer = await createTestAccount('user');
    const added = await api('POST', 'order/direct-sale', {
      token: account.token,
      body: { voucher_id: direct.id, qty: 3 },
    });
    const orderId = added.body.data.id as string;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        gift(account, { order_id: orderId, giftType: ['wallet'], user_id: buyer.userId, isBulk: true }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await userVouchers().listByOwner({ userId: buyer.userId })).toHaveLength(3);
    await aggregatesCaughtUp();
    expect(await item(`SELLER#${account.userId}#STATS`, 'TOTAL')).toMatchObject({
      sold_count: 1,
      sold_qty: 3,
      gross: 9000,
      commission: 0,
    });
    expect((await orders().get(orderId))?.user_voucher_ids).toHaveLength(3);
  });

  it('a scanner sells for its seller', async () => {
    const { account, direct } = await seller();
    const scanner = await createTestAccount('scanner', { seller_id: account.userId });
    const list = await api('GET', 'voucher/direct-sale', { token: scanner.token });
    expect(list.body.data.map((v: { id: string }) => v.id)).toContain(direct.id);
    const added = await api('POST', 'order/direct-sale', {
      token: scanner.token,
      body: { voucher_id: direct.id, qty: 1 },
    });
    expect(added.status).toBe(201);
    const answer = await gift(scanner, { order_id: added.body.data.id, giftType: ['pdf'] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await orders().get(added.body.data.id)).toMatchObject({
      status: 'completed',
      channel: 'direktverkauf',
      seller_id: account.userId,
    });
    const pdf = await api('POST', 'order/download-gift-voucher', {
      token: scanner.token,
      body: { order_id: added.body.data.id, id: answer.body.user_voucher.id },
    });
    expect(pdf.status).toBe(200);
  });
});
