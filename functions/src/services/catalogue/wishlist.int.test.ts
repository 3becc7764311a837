import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, TEXT } from '@gm/shared/validation/messages';
import { WISHLIST_TEXT } from '@gm/shared/wishlist/contracts';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';

let buyer: TestAccount;
let otherBuyer: TestAccount;
let seller: TestAccount;
const tag = randomUUID().slice(0, 8);
const ids = { a: `wish-a-${tag}`, b: `wish-b-${tag}`, inactive: `wish-off-${tag}`, later: `wish-later-${tag}` };

beforeAll(async () => {
  [buyer, otherBuyer, seller] = await Promise.all([
    createTestAccount('user'),
    createTestAccount('user'),
    createTestAccount('seller'),
  ]);
  await putVouchers(
    testVoucher(ids.a, seller.userId, { created_at: '2026-01-01T00:00:00.000Z' }),
    testVoucher(ids.b, seller.userId),
    testVoucher(ids.inactive, seller.userId, { is_active: false }),
    testVoucher(ids.later, seller.userId),
  );
});

const add = (account: TestAccount, voucherId: string, userId = account.userId) =>
  api('POST', 'user-voucher-wishlist', { token: account.token, body: { user_id: userId, voucher_id: voucherId } });
const list = (account: TestAccount, userId = account.userId) =>
  api('GET', `user-voucher-wishlist/user/${userId}`, { token: account.token });

describe('wishlist', () => {
  it('adds a voucher once, however often it is added, and lists it with its card', async () => {
    const first = await add(buyer, ids.a);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id: ids.a,
      voucher_id: ids.a,
      user_id: buyer.userId,
      voucher: { id: ids.a, title: `Test ${ids.a}`.slice(0, 30) },
    });
    const again = await add(buyer, ids.a);
    expect(again.status).toBe(201);
    expect(again.body.created_at).toBe(first.body.created_at);

    const listed = await list(buyer);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([ids.a]);
    expect(listed.body.data[0].voucher).not.toHaveProperty('search_text');
  });

  it('answers 422 with German messages for a missing voucher or user id', async () => {
    const res = await api('POST', 'user-voucher-wishlist', {
      token: buyer.token,
      body: { user_id: '', voucher_id: '  ' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ user_id: [MSG.required], voucher_id: [MSG.required] });
  });

  it('refuses vouchers that do not exist or are inactive with 404', async () => {
    const missing = await add(buyer, `nope-${tag}`);
    expect(missing).toMatchObject({ status: 404, body: { message: 'Gutschein nicht gefunden.' } });
    expect((await add(buyer, ids.inactive)).status).toBe(404);
  });

  it('keeps every user to their own list: no adding for, reading or removing another user’s entries', async () => {
    await add(otherBuyer, ids.b);
    const forOther = await add(buyer, ids.a, otherBuyer.userId);
    expect(forOther).toMatchObject({ status: 403, body: { message: TEXT.forbidden } });
    expect((await list(buyer, otherBuyer.userId)).status).toBe(403);

    // The entry id is the voucher id inside the caller's own partition: B's delete never reaches A's entry.
    const foreignDelete = await api('DELETE', `user-voucher-wishlist/${ids.a}`, { token: otherBuyer.token });
    expect(foreignDelete.status).toBe(200);
    expect((await list(buyer)).body.data.map((e: { id: string }) => e.id)).toEqual([ids.a]);
    expect((await list(otherBuyer)).body.data.map((e: { id: string }) => e.id)).toEqual([ids.b]);
  });

  it('is for buyers only', async () => {
    expect((await api('GET', `user-voucher-wishlist/user/${seller.userId}`, { token: seller.token })).status).toBe(403);
    expect(
      (await api('POST', 'user-voucher-wishlist', { body: { user_id: buyer.userId, voucher_id: ids.a } })).status,
    ).toBe(401);
  });

  it('drops vouchers that were deactivated after they were added', async () => {
    expect((await add(buyer, ids.later)).status).toBe(201);
    expect((await list(buyer)).body.data.map((e: { id: string }) => e.id)).toContain(ids.later);
    await putVouchers(testVoucher(ids.later, seller.userId, { is_active: false }));
    expect((await list(buyer)).body.data.map((e: { id: string }) => e.id)).not.toContain(ids.later);
  });

  it('comes with the login answer as voucher ids', async () => {
    const login = await api('POST', 'auth/login', { body: { email: buyer.email, password: buyer.password } });
    expect(login.status).toBe(200);
    expect([...login.body.user_voucher_wishlist].sort()).toEqual([ids.a, ids.later].sort());
    const sellerLogin = await api('POST', 'auth/login', { body: { email: seller.email, password: seller.password } });
    expect(sellerLogin.body.user_voucher_wishlist).toEqual([]);
  });

  it('removes an entry', async () => {
    const removed = await api('DELETE', `user-voucher-wishlist/${ids.a}`, { token: buyer.token });
    expect(removed).toMatchObject({ status: 200, body: { message: WISHLIST_TEXT.removed, id: ids.a } });
    expect((await list(buyer)).body.data.map((e: { id: string }) => e.id)).toEqual([]);
  });
});
