import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '@gm/shared/money/money';
import { CART_ID_HEADER, ORDER_TEXT, orderLineResponseSchema, orderListSchema } from '@gm/shared/orders/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { createCouponRepository } from '../../repositories/coupon-repository.ts';
import { createSettingsRepository } from '../../repositories/settings-repository.ts';

let buyer: TestAccount;
let otherBuyer: TestAccount;
let seller: TestAccount;
const tag = randomUUID().slice(0, 8);
const subdomain = `shop${tag}`;
const ids = {
  product: `cart-p-${tag}`,
  value: `cart-v-${tag}`,
  inactive: `cart-off-${tag}`,
  direct: `cart-dv-${tag}`,
  tourism: `cart-t-${tag}`,
};
const codes = {
  percent: `PROZENT${tag}`.toUpperCase(),
  amount: `BETRAG${tag}`.toUpperCase(),
  inactive: `AUS${tag}`.toUpperCase(),
  expired: `ALT${tag}`.toUpperCase(),
  used: `LEER${tag}`.toUpperCase(),
};

beforeAll(async () => {
  [buyer, otherBuyer, seller] = await Promise.all([
    createTestAccount('user'),
    createTestAccount('user'),
    createTestAccount('seller', { subdomain }),
  ]);
  await putVouchers(
    testVoucher(ids.product, seller.userId, {
      type: 'quantity',
      qty_val: 4900,
      price_filter: 4900,
      qty_min: 2,
      qty_max: 5,
    }),
    testVoucher(ids.value, seller.userId, {
      type: 'value',
      qty_val: null,
      qty_min: null,
      qty_max: null,
      price_filter: 1000,
      val_min: 1000,
      val_max: 20000,
    }),
    testVoucher(ids.inactive, seller.userId, { is_active: false }),
    testVoucher(ids.direct, seller.userId, { display: 'direktverkauf' }),
    testVoucher(ids.tourism, seller.userId, { is_tourism: true }),
  );
  const coupons = createCouponRepository(documentClient(), env().TABLE_NAME);
  const now = new Date();
  const stamp = now.toISOString();
  const base = {
    active: true,
    expires_at: null,
    limit: null,
    percent_off: null,
    amount_off: null,
    created_at: stamp,
    updated_at: stamp,
  };
  await Promise.all([
    coupons.put({
      ...base,
      id: codes.percent,
      code: codes.percent,
      percent_off: 10,
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    }),
    coupons.put({ ...base, id: codes.amount, code: codes.amount, amount_off: 500, limit: 3 }),
    coupons.put({ ...base, id: codes.inactive, code: codes.inactive, percent_off: 10, active: false }),
    coupons.put({
      ...base,
      id: codes.expired,
      code: codes.expired,
      percent_off: 10,
      expires_at: new Date(now.getTime() - 60_000).toISOString(),
    }),
    coupons.put({ ...base, id: codes.used, code: codes.used, amount_off: 500, limit: 0 }),
  ]);
});

const add = (account: TestAccount, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api('POST', 'order', { token: account.token, body, headers });
const addGuest = (cartId: string, body: Record<string, unknown>) =>
  api('POST', 'order/guest', { body, headers: { [CART_ID_HEADER]: cartId } });
const list = (account: TestAccount, query = '') => api('GET', `order${query}`, { token: account.token });
const guestList = (cartId: string, query = '') =>
  api('GET', `order${query}`, { headers: { [CART_ID_HEADER]: cartId } });

describe('adding to the cart', () => {
  it('adds a product voucher within its limits, priced by the server whatever the body says', async () => {
    const res = await add(buyer, {
      voucher_id: ids.product,
      qty: 3,
      total_amount: 1,
      price: 1,
      total_value: 1,
      value: 7,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { data, message } = orderLineResponseSchema.parse(res.body);
    expect(message).toBe(ORDER_TEXT.addedToCart);
    expect(data).toMatchObject({
      status: 'pending',
      voucher_id: ids.product,
      seller_id: seller.userId,
      qty: 3,
      value: null,
      total_qty: 3,
      total_amount: 3 * 4900,
      total_value: 3 * 4900,
      channel: 'marketplace',
      subdomain: null,
      is_gift: false,
    });
    expect(data.voucher.id).toBe(ids.product);
    expect(res.body.data.voucher).not.toHaveProperty('long_description');
  });

  it('refuses product amounts outside qty_min..qty_max with German messages', async () => {
    const low = await add(buyer, { voucher_id: ids.product, qty: 1 });
    expect(low.status).toBe(422);
    expect(low.body.errors).toEqual({ qty: [MSG.minValue(2)] });
    const high = await add(buyer, { voucher_id: ids.product, qty: 6 });
    expect(high.status).toBe(422);
    expect(high.body.errors).toEqual({ qty: [MSG.maxValue(5)] });
    const missing = await add(buyer, { voucher_id: ids.product });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ qty: [MSG.required] });
    const garbage = await add(buyer, { voucher_id: ids.product, qty: 'viele' });
    expect(garbage.status).toBe(422);
    const zero = await add(buyer, { voucher_id: ids.product, qty: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.errors.qty).toEqual([MSG.minValue(1)]);
  });

  it('adds a value voucher within val_min..val_max (qty 1) and refuses values outside in euros', async () => {
    const ok = await add(buyer, { voucher_id: ids.value, value: 5000, total_amount: 100 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({ qty: 1, value: 5000, total_qty: 1, total_amount: 5000, total_value: 5000 });
    const low = await add(buyer, { voucher_id: ids.value, value: 999 });
    expect(low.status).toBe(422);
    expect(low.body.errors).toEqual({ value: [MSG.minValue(formatEuro(1000))] });
    expect(low.body.errors.value[0]).toMatch(/10,00/);
    const high = await add(buyer, { voucher_id: ids.value, value: 20001 });
    expect(high.body.errors).toEqual({ value: [MSG.maxValue(formatEuro(20000))] });
    const missing = await add(buyer, { voucher_id: ids.value, qty: 2 });
    expect(missing.body.errors).toEqual({ value: [MSG.required] });
  });

  it('answers 404 for vouchers that are missing, inactive, direct-sale only or employee vouchers', async () => {
    for (const id of [`nope-${tag}`, ids.inactive, ids.direct, ids.tourism]) {
      const res = await add(buyer, { voucher_id: id, qty: 1 });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('Gutschein nicht gefunden.');
    }
    const empty = await add(buyer, { voucher_id: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.voucher_id).toEqual([MSG.required]);
  });

  it('marks a line as a subdomain sale only on the tenant shop of the voucher’s seller', async () => {
    const own = await add(
      buyer,
      { voucher_id: ids.product, qty: 2, isSubdomain: false },
      { 'x-forwarded-host': `${subdomain}.gutscheinmarkt.localhost` },
    );
    expect(own.body.data).toMatchObject({ channel: 'subdomain', subdomain });
    const foreign = await add(
      buyer,
      { voucher_id: ids.product, qty: 2, isSubdomain: true, subdomain: 'fremd' },
      { origin: 'https://fremd.gutscheinmarkt.localhost' },
    );
    expect(foreign.body.data).toMatchObject({ channel: 'marketplace', subdomain: null });
    // A forged Origin of the seller's own shop (the lower subdomain commission) is not the viewer's host.
    const forged = await add(
      buyer,
      { voucher_id: ids.product, qty: 2, isSubdomain: true, subdomain },
      { origin: `https://${subdomain}.gutscheinmarkt.localhost`, 'x-forwarded-host': 'www.gutscheinmarkt.localhost' },
    );
    expect(forged.body.data).toMatchObject({ channel: 'marketplace', subdomain: null });
    await api('DELETE', `order/${own.body.data.id}`, { token: buyer.token });
    await api('DELETE', `order/${foreign.body.data.id}`, { token: buyer.token });
    await api('DELETE', `order/${forged.body.data.id}`, { token: buyer.token });
  });

  it('refuses a voucher of another seller in a tenant shop (422 on voucher_id) and writes nothing', async () => {
    const otherShop = `other${tag}`;
    const otherSeller = await createTestAccount('seller', { subdomain: otherShop });
    const foreignId = `cart-foreign-${tag}`;
    await putVouchers(testVoucher(foreignId, otherSeller.userId, { type: 'quantity', qty_val: 2500, qty_min: 1 }));
    const account = await createTestAccount('user');
    const cartId = randomUUID();
    const onShop = { 'x-forwarded-host': `${subdomain}.gutscheinmarkt.localhost` };
    const body = { voucher_id: foreignId, qty: 1, isSubdomain: true, subdomain };
    const refused = [
      await add(account, body, onShop),
      // The body alone names the shop too (a client on a host the API cannot see).
      await add(account, body),
      await api('POST', 'order/guest', { body, headers: { [CART_ID_HEADER]: cartId, ...onShop } }),
      await addGuest(cartId, body),
    ];
    for (const res of refused) {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toEqual({
        message: ORDER_TEXT.notInThisShop,
        errors: { voucher_id: [ORDER_TEXT.notInThisShop] },
      });
    }
    expect((await api('GET', 'order/total-user-cart', { token: account.token })).body).toEqual({ total: 0 });
    expect((await guestList(cartId)).body.data).toEqual([]);
    // The same voucher is sold on its own seller's shop and on the marketplace.
    const ownShop = await add(
      account,
      { voucher_id: foreignId, qty: 1, isSubdomain: true, subdomain: otherShop },
      { 'x-forwarded-host': `${otherShop}.gutscheinmarkt.localhost` },
    );
    expect(ownShop.body.data).toMatchObject({ channel: 'subdomain', subdomain: otherShop });
    const marketplace = await add(account, { voucher_id: foreignId, qty: 1, isSubdomain: false });
    expect(marketplace.body.data).toMatchObject({ channel: 'marketplace', subdomain: null });
  });
});

describe('the buyer cart', () => {
  it('lists own pending lines newest first, counts them and pages by 9', async () => {
    const account = await createTestAccount('user');
    for (let i = 0; i < 10; i++)
      expect((await add(account, { voucher_id: ids.value, value: 1000 + i })).status).toBe(201);
    const count = await api('GET', 'order/total-user-cart', { token: account.token });
    expect(count).toMatchObject({ status: 200, body: { total: 10 } });
    const first = await list(account, '?status=pending');
    expect(first.status).toBe(200);
    const page = orderListSchema.parse(first.body);
    expect(page).toMatchObject({ total: 10, per_page: 9, last_page: 2, current_page: 1 });
    expect(page.data.map((l) => l.value)).toEqual([1009, 1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001]);
    expect(page.next_page_url).toContain('page=2');
    const second = await list(account, '?page=2');
    expect(second.body.data.map((l: { value: number }) => l.value)).toEqual([1000]);
    const completed = await list(account, '?status=completed');
    expect(completed.body).toMatchObject({ total: 0, data: [] });
    const bad = await list(account, '?status=paid');
    expect(bad.status).toBe(422);
  });

  it('changes and removes own lines, re-pricing on the server; other users get 404', async () => {
    const created = (await add(buyer, { voucher_id: ids.product, qty: 2 })).body.data;
    const other = await api('PATCH', `order/${created.id}`, { token: otherBuyer.token, body: { qty: 4 } });
    expect(other.status).toBe(404);
    expect((await api('DELETE', `order/${created.id}`, { token: otherBuyer.token })).status).toBe(404);
    expect((await list(otherBuyer)).body.data.map((l: { id: string }) => l.id)).not.toContain(created.id);

    const changed = await api('PATCH', `order/${created.id}`, {
      token: buyer.token,
      body: { qty: 4, total_amount: 5 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ id: created.id, qty: 4, total_amount: 4 * 4900 });
    const tooMany = await api('PATCH', `order/${created.id}`, { token: buyer.token, body: { qty: 9 } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ qty: [MSG.maxValue(5)] });

    const before = (await api('GET', 'order/total-user-cart', { token: buyer.token })).body.total;
    const removed = await api('DELETE', `order/${created.id}`, { token: buyer.token });
    expect(removed).toMatchObject({ status: 200, body: { message: ORDER_TEXT.removedFromCart } });
    expect((await api('DELETE', `order/${created.id}`, { token: buyer.token })).status).toBe(404);
    expect((await api('GET', 'order/total-user-cart', { token: buyer.token })).body.total).toBe(before - 1);
  });
});

describe('races', () => {
  it('a change and a removal of the same line at once never fail with 500 and leave no line behind', async () => {
    const line = (await add(buyer, { voucher_id: ids.product, qty: 2 })).body.data;
    const [changed, removed, removedAgain] = await Promise.all([
      api('PATCH', `order/${line.id}`, { token: buyer.token, body: { qty: 3 } }),
      api('DELETE', `order/${line.id}`, { token: buyer.token }),
      api('DELETE', `order/${line.id}`, { token: buyer.token }),
    ]);
    expect([200, 404]).toContain(changed.status);
    expect([removed.status, removedAgain.status].sort()).toEqual([200, 404]);
    expect((await list(buyer)).body.data.map((l: { id: string }) => l.id)).not.toContain(line.id);
  });
});

describe('the guest cart', () => {
  it('keeps a guest cart under its x-cart-id; another cart id can neither see, change nor delete it', async () => {
    const cartId = randomUUID();
    const otherCart = randomUUID();
    const added = await addGuest(cartId, { voucher_id: ids.value, value: 3000, total_amount: 1 });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ total_amount: 3000, value: 3000 });
    const id = added.body.data.id as string;

    expect((await api('GET', 'order/guest/total-user-cart', { headers: { [CART_ID_HEADER]: cartId } })).body).toEqual({
      total: 1,
    });
    expect(
      (await api('GET', 'order/guest/total-user-cart', { headers: { [CART_ID_HEADER]: otherCart } })).body,
    ).toEqual({ total: 0 });
    expect((await guestList(cartId)).body.data.map((l: { id: string }) => l.id)).toEqual([id]);
    expect((await guestList(otherCart)).body.data).toEqual([]);

    expect(
      (await api('PATCH', `order/${id}`, { headers: { [CART_ID_HEADER]: otherCart }, body: { value: 4000 } })).status,
    ).toBe(404);
    expect((await api('DELETE', `order/${id}`, { headers: { [CART_ID_HEADER]: otherCart } })).status).toBe(404);
    // A logged-in user is not the guest cart's owner either.
    expect(
      (await api('DELETE', `order/${id}`, { token: buyer.token, headers: { [CART_ID_HEADER]: cartId } })).status,
    ).toBe(404);

    const changed = await api('PATCH', `order/${id}`, { headers: { [CART_ID_HEADER]: cartId }, body: { value: 4000 } });
    expect(changed.body.data).toMatchObject({ value: 4000, total_amount: 4000 });
    expect((await api('DELETE', `order/${id}`, { headers: { [CART_ID_HEADER]: cartId } })).status).toBe(200);
    expect((await api('GET', 'order/guest/total-user-cart', { headers: { [CART_ID_HEADER]: cartId } })).body).toEqual({
      total: 0,
    });
  });

  it('needs a UUID cart id (422, never 500), and a buyer line is not reachable with a cart id', async () => {
    const headers: Record<string, string>[] = [{}, { [CART_ID_HEADER]: 'abc' }, { [CART_ID_HEADER]: '../../x' }];
    for (const header of headers) {
      expect(
        (await api('POST', 'order/guest', { body: { voucher_id: ids.product, qty: 2 }, headers: header })).status,
      ).toBe(422);
      expect((await api('GET', 'order/guest/total-user-cart', { headers: header })).status).toBe(422);
      expect((await api('GET', 'order', { headers: header })).status).toBe(422);
    }
    const line = (await add(buyer, { voucher_id: ids.product, qty: 2 })).body.data;
    expect((await api('DELETE', `order/${line.id}`, { headers: { [CART_ID_HEADER]: randomUUID() } })).status).toBe(404);
    expect((await api('DELETE', `order/${line.id}`, { token: buyer.token })).status).toBe(200);
  });
});

describe('coupons', () => {
  const check = (coupon: string) =>
    api('POST', 'check-coupon', {
      body: { coupon },
      headers: {
        'x-viewer-address': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
    });

  it('answers the spec’s list for a valid percent or amount coupon, in any case', async () => {
    const percent = await check(codes.percent.toLowerCase());
    expect(percent.status, JSON.stringify(percent.body)).toBe(200);
    expect(percent.body.data).toEqual([
      {
        active: true,
        expires_at: expect.any(String),
        coupon: { id: codes.percent, percent_off: 10, amount_off: null, metadata: { limit: null } },
      },
    ]);
    const amount = await check(codes.amount);
    expect(amount.body.data[0]).toEqual({
      active: true,
      expires_at: null,
      coupon: { id: codes.amount, percent_off: null, amount_off: 500, metadata: { limit: 3 } },
    });
  });

  it('rejects unknown, inactive, expired and used-up coupons with 404 and the invalid-coupon text', async () => {
    for (const code of [`NIX${tag}`, codes.inactive, codes.expired, codes.used]) {
      const res = await check(code);
      expect(res.status, code).toBe(404);
      expect(res.body).toEqual({ message: ORDER_TEXT.couponInvalid });
    }
    expect((await check('')).status).toBe(422);
  });

  it('allows 20 checks per IP and hour, then answers 429, whatever X-Forwarded-For the client sends', async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (
          await api('POST', 'check-coupon', {
            body: { coupon: codes.amount },
            // A new forged address per request must not open a new rate-limit bucket (issue 14).
            headers: { 'x-viewer-address': ip, 'x-forwarded-for': `192.0.2.${i}` },
          })
        ).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('sales pause', () => {
  const settings = createSettingsRepository(documentClient(), env().TABLE_NAME);
  let before = false;
  beforeAll(async () => {
    before = (await settings.getSalesPause()).sales_paused;
  });
  afterAll(async () => {
    await settings.putSalesPause({ sales_paused: before }, new Date().toISOString());
  });

  it('blocks adding to any cart with the German notice and shows in app-status; wallets are not involved', async () => {
    await settings.putSalesPause({ sales_paused: true }, new Date().toISOString());
    expect(await api('GET', 'app-status')).toMatchObject({ status: 200, body: { sales_paused: true } });
    const buyerAdd = await add(buyer, { voucher_id: ids.product, qty: 2 });
    expect(buyerAdd.status).toBe(422);
    expect(buyerAdd.body).toEqual({ message: ORDER_TEXT.salesPaused, errors: { _: [ORDER_TEXT.salesPaused] } });
    const guestAdd = await addGuest(randomUUID(), { voucher_id: ids.product, qty: 2 });
    expect(guestAdd.body.message).toBe(ORDER_TEXT.salesPaused);
    // Reading the cart still works.
    expect((await list(buyer)).status).toBe(200);

    await settings.putSalesPause({ sales_paused: false }, new Date().toISOString());
    expect((await api('GET', 'app-status')).body).toEqual({ sales_paused: false });
    const open = await add(buyer, { voucher_id: ids.product, qty: 2 });
    expect(open.status).toBe(201);
    await api('DELETE', `order/${open.body.data.id}`, { token: buyer.token });
  });
});
