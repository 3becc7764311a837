import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { EXPIRED_CSV_HEADER, PLATFORM_ADMIN_TEXT as T } from '@gm/shared/admin/platform';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { DEFAULT_SETTINGS, SETTINGS_FIELDS, type Settings } from '@gm/shared/settings/contracts';
import { SUBDOMAIN_TEXT } from '@gm/shared/tenant/reserved';
import { MSG } from '@gm/shared/validation/messages';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { downloadExport } from '../../../../scripts/test/export-link.ts';
import { api } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { audit, orders } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { userKeys } from '../../repositories/user-repository.ts';
import { createUserVoucherRepository, type UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import { newUserVoucher } from '../orders/new-user-voucher.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';

/**
 * Issue 11 admin platform slice against the real handlers: global and per-seller settings, subdomains
 * (uniqueness through the same UNIQUE# items as e-mail and username), expired vouchers with CSV,
 * and the admin home's counts.
 */
let admin: TestAccount;
let seller: TestAccount;
beforeAll(async () => {
  [admin, seller] = await Promise.all([createTestAccount('admin'), createTestAccount('seller')]);
});
const asAdmin = (method: string, path: string, body?: unknown) => api(method, path, { token: admin.token, body });
const tag = () => randomUUID().slice(0, 8);

const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 20_000 }) });
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
/** One paid order line of `voucherId`; answers the completed line. */
async function buyOne(buyer: TestAccount, voucherId: string) {
  const added = await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucherId, qty: 1 } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const paid = await api('POST', 'order/payment', {
    token: buyer.token,
    body: { payment_type: 'card', payment_method: await browserCard() },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await settle();
  const line = await orders().get(added.body.data.id as string);
  expect(line?.status).toBe('completed');
  return line!;
}

const globalItem = async () =>
  (await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: { PK: 'SETTINGS', SK: 'GLOBAL' } })))
    .Item;
const pick = (data: Record<string, unknown>): Settings =>
  Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, data[f]])) as Settings;

describe('global settings', () => {
  it('requires all six fields with German messages and refuses non-admins', async () => {
    const empty = await asAdmin('POST', 'global-settings', {});
    expect(empty.status).toBe(422);
    for (const field of SETTINGS_FIELDS) expect(empty.body.errors[field]).toEqual([MSG.required]);
    const bad = await asAdmin('PUT', 'global-settings/1', {
      ...DEFAULT_SETTINGS,
      payout_schedule: 0,
      sales_commission_percentage: 101,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.payout_schedule).toEqual([MSG.minValue(1)]);
    expect(bad.body.errors.sales_commission_percentage).toEqual([MSG.maxValue(100)]);
    expect((await api('PUT', 'global-settings/1', { token: seller.token, body: DEFAULT_SETTINGS })).status).toBe(403);
    expect((await asAdmin('PUT', 'global-settings/7', DEFAULT_SETTINGS)).status).toBe(404);
  });

  it('saves, keeps the sales pause, records the audit entry; DELETE resets to the defaults', async () => {
    // Other test files price orders with the global settings: write back exactly what is effective now.
    const before = (await asAdmin('GET', 'global-settings')).body.data;
    const current = pick(before);
    const pauseBefore = (await globalItem())?.sales_paused;

    const saved = await asAdmin('PUT', 'global-settings/1', current);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ message: T.settingsSaved, data: current });
    const after = (await asAdmin('GET', 'global-settings')).body.data;
    expect(after).toMatchObject({ ...current, id: '1' });
    expect((await globalItem())?.sales_paused).toBe(pauseBefore);
    const entries = (await audit().listByActor(admin.userId, 10)).items;
    expect(entries.some((e) => e.action === 'update_settings' && e.details.scope === 'global')).toBe(true);

    const posted = await asAdmin('POST', 'global-settings', current);
    expect(posted.status).toBe(200);

    const reset = await asAdmin('DELETE', 'global-settings/1');
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ message: T.globalReset, data: DEFAULT_SETTINGS });
    expect((await asAdmin('GET', 'global-settings')).body.data).toMatchObject({ ...DEFAULT_SETTINGS, id: null });
    expect((await globalItem())?.sales_paused).toBe(pauseBefore);
    // Back to what it was.
    expect((await asAdmin('PUT', 'global-settings/1', current)).status).toBe(200);
  });
});

describe('seller settings', () => {
  it('creates, updates, lists and deletes a seller’s own settings; only sellers', async () => {
    const own = await createTestAccount('seller');
    const values: Settings = { ...DEFAULT_SETTINGS, payout_schedule: 30, sales_commission_percentage: 7.5 };
    expect((await asAdmin('GET', `user-settings/by-user?user_id=${own.userId}`)).body.data.id).toBeNull();
    expect((await asAdmin('PUT', `user-settings/${own.userId}`, values)).status).toBe(404);
    const missing = await asAdmin('POST', 'user-settings', { user_id: own.userId });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.minimum_voucher_value).toEqual([MSG.required]);

    const created = await asAdmin('POST', 'user-settings', { ...values, user_id: own.userId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await asAdmin('POST', 'user-settings', { ...values, user_id: own.userId })).body.errors.user_id).toEqual([
      T.sellerSettingsExist,
    ]);
    const read = (await asAdmin('GET', `user-settings/by-user?user_id=${own.userId}`)).body.data;
    expect(read).toMatchObject({ ...values, id: own.userId, overrides: values });
    // The seller reads its own effective settings too.
    expect(
      (await api('GET', `user-settings/by-user?user_id=${own.userId}`, { token: own.token })).body.data,
    ).toMatchObject(values);

    const updated = await asAdmin('PUT', `user-settings/${own.userId}`, { ...values, minimum_voucher_value: 1000 });
    expect(updated.status).toBe(200);
    const list = await asAdmin('GET', 'user-settings');
    expect(list.body.data.find((row: { user_id: string }) => row.user_id === own.userId)).toMatchObject({
      minimum_voucher_value: 1000,
      username: expect.any(String),
    });
    const targets = (await audit().listByTarget(own.userId, 10)).items.map((e) => [e.action, e.details.op]);
    expect(targets).toEqual(
      expect.arrayContaining([
        ['update_settings', 'create'],
        ['update_settings', 'update'],
      ]),
    );

    expect((await asAdmin('DELETE', `user-settings/${own.userId}`)).status).toBe(200);
    expect((await asAdmin('DELETE', `user-settings/${own.userId}`)).status).toBe(404);
    const fallback = (await asAdmin('GET', `user-settings/by-user?user_id=${own.userId}`)).body.data;
    expect(fallback).toMatchObject({ id: null, overrides: {} });

    const buyer = await createTestAccount('user');
    const notSeller = await asAdmin('POST', 'user-settings', { ...values, user_id: buyer.userId });
    expect(notSeller.status).toBe(422);
    expect(notSeller.body.errors.user_id).toEqual([T.notASeller]);
    expect(
      (await api('POST', 'user-settings', { token: seller.token, body: { ...values, user_id: seller.userId } })).status,
    ).toBe(403);
  });

  it('overrides the global commission; an order keeps the commission it was sold with', async () => {
    const own = await createTestAccount('seller');
    const voucher = testVoucher(`v-${randomUUID()}`, own.userId, { qty_val: 10000, price_filter: 10000 });
    await putVouchers(voucher);
    const first: Settings = { ...DEFAULT_SETTINGS, sales_commission_percentage: 10, sales_commission_euro: 100 };
    expect((await asAdmin('POST', 'user-settings', { ...first, user_id: own.userId })).status).toBe(201);
    const buyer = await createTestAccount('user');
    const sold = await buyOne(buyer, voucher.id);
    // 10 % of 100,00 € + 1,00 €.
    expect(sold.commission).toBe(1100);

    const second: Settings = { ...first, sales_commission_percentage: 20, sales_commission_euro: 200 };
    expect((await asAdmin('PUT', `user-settings/${own.userId}`, second)).status).toBe(200);
    expect((await orders().get(sold.id))?.commission).toBe(1100);
    const later = await buyOne(buyer, voucher.id);
    expect(later.commission).toBe(2200);
    expect((await orders().get(sold.id))?.commission).toBe(1100);
  });
});

describe('subdomains', () => {
  const setName = (sellerId: string, name: string | null) =>
    asAdmin('PUT', `user/company/update/${sellerId}`, { name });
  const shop = (name: string) => api('GET', `user/company/name?subdomain=${name}`);

  it('assigns, lists, renames (the old name answers 404) and removes', async () => {
    const own = await createTestAccount('seller');
    const name = `shop-${tag()}`;
    const assigned = await setName(own.userId, name);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toMatchObject({ message: T.subdomainSet, data: { id: own.userId, subdomain: name } });
    expect((await shop(name)).body.data).toMatchObject({ seller_id: own.userId, subdomain: name });
    const unique = (
      await documentClient().send(
        new GetCommand({ TableName: env().TABLE_NAME, Key: userKeys.unique('subdomain', name) }),
      )
    ).Item;
    expect(unique).toMatchObject({ GSI1PK: 'SUBDOMAINS', GSI1SK: name, user_id: own.userId });

    const withSub = await asAdmin('GET', `user/user-filter?role=seller&subdomain=${name}`);
    expect(withSub.status).toBe(200);
    expect(withSub.body.data.map((s: { id: string }) => s.id)).toEqual([own.userId]);
    const fresh = await createTestAccount('seller');
    const without = await asAdmin(
      'GET',
      `user/user-filter?role=seller&subdomain_empty=1&keyword=${fresh.email.split('@')[0]}`,
    );
    expect(without.body.data.map((s: { id: string }) => s.id)).toEqual([fresh.userId]);
    // The picker without a keyword (the users slice's admin list, page 1).
    const allWithout = await asAdmin('GET', 'user/user-filter?role=seller&subdomain_empty=1');
    expect(allWithout.status, JSON.stringify(allWithout.body)).toBe(200);
    expect(allWithout.body.total).toBeGreaterThan(0);
    const ownKeyword = own.email.split('@')[0];
    const notWithout = await asAdmin('GET', `user/user-filter?role=seller&subdomain_empty=1&keyword=${ownKeyword}`);
    expect(notWithout.body.data).toEqual([]);

    const renamed = `${name}-neu`;
    expect((await setName(own.userId, renamed)).status).toBe(200);
    expect((await shop(name)).status).toBe(404);
    expect((await shop(renamed)).status).toBe(200);
    // The old name is free again.
    expect((await setName(fresh.userId, name)).status).toBe(200);

    const removed = await setName(own.userId, '');
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(T.subdomainRemoved);
    expect((await shop(renamed)).status).toBe(404);
    expect((await api('GET', `user/${own.userId}`, { token: own.token })).body.data?.subdomain ?? null).toBeNull();
    const entries = (await audit().listByTarget(own.userId, 10)).items.filter((e) => e.action === 'set_subdomain');
    expect(entries.map((e) => e.details.to)).toEqual([null, renamed, name]);
  });

  it('gives a contested name to exactly one of two sellers', async () => {
    const [a, b] = await Promise.all([createTestAccount('seller'), createTestAccount('seller')]);
    const name = `race-${tag()}`;
    const answers = await Promise.all([setName(a.userId, name), setName(b.userId, name)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const lost = answers.find((r) => r.status === 422)!;
    expect(lost.body.errors.name).toEqual([SUBDOMAIN_TEXT.taken]);
    const winner = answers[0]!.status === 200 ? a : b;
    expect((await shop(name)).body.data.seller_id).toBe(winner.userId);
  });

  it('refuses reserved and invalid names, non-sellers and non-admins', async () => {
    const own = await createTestAccount('seller');
    const reserved = await setName(own.userId, 'admin');
    expect(reserved.status).toBe(422);
    expect(reserved.body.errors.name).toEqual([SUBDOMAIN_TEXT.reserved]);
    expect((await setName(own.userId, '-abc')).body.errors.name).toEqual([SUBDOMAIN_TEXT.invalid]);
    expect((await setName(own.userId, 'ab')).body.errors.name).toEqual([SUBDOMAIN_TEXT.length]);
    expect((await setName(own.userId, 'mein_shop')).body.errors.name).toEqual([SUBDOMAIN_TEXT.invalid]);
    // Removing when there is none.
    expect((await setName(own.userId, '')).status).toBe(422);
    const buyer = await createTestAccount('user');
    expect((await setName(buyer.userId, `x-${tag()}`)).status).toBe(422);
    expect((await setName('gibt-es-nicht', `x-${tag()}`)).status).toBe(404);
    expect(
      (await api('PUT', `user/company/update/${seller.userId}`, { token: seller.token, body: { name: `x-${tag()}` } }))
        .status,
    ).toBe(403);
  });
});

describe('expired vouchers', () => {
  async function issue(
    owner: { owner_user_id: string } | { owner_guest_email: string } | null,
    over: Partial<UserVoucherRecord>,
  ) {
    const sellerId = `test-seller-${tag()}`;
    const voucher = testVoucher(`v-${randomUUID()}`, sellerId, { is_active: false, title: `Abgelaufen ${tag()}` });
    const record = {
      ...newUserVoucher({
        id: randomUUID(),
        order: { id: `o-${randomUUID()}`, voucher_id: voucher.id, seller_id: sellerId, voucher },
        orderNo: `GM-EXP-${tag()}`,
        amounts: { qty: 1, value: 5000, remaining_qty: 1, remaining_value: 5000 },
        owner,
        at: new Date().toISOString(),
        appUrl: env().APP_URL,
      }),
      ...over,
    };
    const repository = createUserVoucherRepository(documentClient(), env().TABLE_NAME);
    await documentClient().send(new TransactWriteCommand({ TransactItems: repository.issueParts(record) }));
    return record;
  }

  it('lists expired vouchers with value (holder, seller, date), paged; CSV holds every row', async () => {
    const buyer = await createTestAccount('user');
    const byUser = await issue({ owner_user_id: buyer.userId }, { valid_until: '2021-12-31', remaining_value: 1234 });
    const byGuest = await issue({ owner_guest_email: `gast-${tag()}@test.example` }, { valid_until: '2021-12-30' });
    const unclaimed = await issue(null, { valid_until: '2021-12-29', type: 'value', remaining_value: 700 });
    const spent = await issue(
      { owner_user_id: buyer.userId },
      { valid_until: '2021-12-31', remaining_value: 0, remaining_qty: 0 },
    );
    const valid = await issue({ owner_user_id: buyer.userId }, { valid_until: '2999-12-31' });

    const all = await asAdmin('GET', 'user-voucher/expired?paginate=100');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const rows = all.body.data as {
      id: string;
      holder: { kind: string; label: string | null };
      remaining_value: number;
      valid_until: string;
      seller: { id: string };
    }[];
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([byUser.id, byGuest.id, unclaimed.id]));
    expect(ids).not.toContain(spent.id);
    expect(ids).not.toContain(valid.id);
    expect(rows.every((r) => r.valid_until < viennaDay(new Date()))).toBe(true);
    expect(rows.find((r) => r.id === byUser.id)).toMatchObject({
      remaining_value: 1234,
      holder: { kind: 'user', label: 'Test user' },
      seller: { id: byUser.seller_id },
      valid_until: '2021-12-31',
    });
    expect(rows.find((r) => r.id === byGuest.id)?.holder).toMatchObject({
      kind: 'guest',
      label: byGuest.owner_guest_email,
    });
    expect(rows.find((r) => r.id === unclaimed.id)?.holder).toMatchObject({ kind: 'unclaimed', label: null });

    const first = await asAdmin('GET', 'user-voucher/expired');
    expect(first.body.per_page).toBe(10);
    expect(first.body.total).toBe(all.body.total);

    // Issue 12: the CSV is answered as a presigned link to the private bucket.
    const response = await downloadExport(admin.token, 'user-voucher/expired/download-csv');
    expect(response.status).toBe(200);
    expect(response.link).toMatchObject({ expires_in: 300, filename: expect.stringMatching(/\.csv$/) });
    expect(response.link!.url).toContain('/exports/');
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const bytes = response.bytes;
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(EXPIRED_CSV_HEADER.join(';'));
    expect(lines.length - 1).toBeGreaterThanOrEqual(all.body.total);
    const userLine = lines.find((l) => l.startsWith(byUser.order_no))!.split(';');
    expect(userLine[3]).toBe('12,34');
    expect(userLine[5]).toBe('Test user');
    expect(userLine[7]).toBe('31.12.2021');
    expect(lines.find((l) => l.startsWith(unclaimed.order_no))).toContain('nicht abgeholt');

    expect((await api('GET', 'user-voucher/expired', { token: seller.token })).status).toBe(403);
  });

  it('pages by cursor (newest expiry first); a page number without cursor walks; a foreign cursor is a 422', async () => {
    for (const day of ['2022-01-03', '2022-01-02', '2022-01-01']) await issue(null, { valid_until: day });
    const first = await asAdmin('GET', 'user-voucher/expired?paginate=2');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2 });
    expect(first.body.last_page).toBe(Math.ceil(first.body.total / 2));
    const next = new URL(first.body.next_page_url as string);
    expect(next.pathname.endsWith('/user-voucher/expired')).toBe(true);
    expect(next.searchParams.get('page')).toBe('2');
    const cursor = next.searchParams.get('cursor')!;
    expect(cursor).toBeTruthy();

    const second = await asAdmin('GET', `user-voucher/expired?${next.searchParams.toString()}`);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ current_page: 2, from: 3, total: first.body.total });
    const firstIds = (first.body.data as { id: string }[]).map((r) => r.id);
    const secondRows = second.body.data as { id: string; valid_until: string }[];
    expect(secondRows.some((r) => firstIds.includes(r.id))).toBe(false);
    const days = [...(first.body.data as { valid_until: string }[]), ...secondRows].map((r) => r.valid_until);
    expect(days).toEqual([...days].sort().reverse());

    const walked = await asAdmin('GET', 'user-voucher/expired?paginate=2&page=2');
    expect((walked.body.data as { id: string }[]).map((r) => r.id)).toEqual(secondRows.map((r) => r.id));

    const foreign = Buffer.from(
      JSON.stringify({ PK: 'ORDER#x', SK: 'ORDER', GSI3PK: 'ORDERS', GSI3SK: '2022-01-01' }),
    ).toString('base64url');
    for (const bad of [foreign, 'kein-cursor']) {
      const refused = await asAdmin('GET', `user-voucher/expired?cursor=${bad}`);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.cursor).toEqual(['Der Cursor ist ungültig.']);
    }
  });
});

describe('admin overview', () => {
  it('counts sellers waiting for activation and today’s orders', async () => {
    await aggregatesCaughtUp();
    const before = (await asAdmin('GET', 'admin/overview')).body.data;
    expect(before.day).toBe(viennaDay(new Date()));
    await createTestAccount('seller', { is_activated: false });
    const own = await createTestAccount('seller');
    const voucher = testVoucher(`v-${randomUUID()}`, own.userId, { qty_val: 2000, price_filter: 2000 });
    await putVouchers(voucher);
    await buyOne(await createTestAccount('user'), voucher.id);
    await aggregatesCaughtUp();
    const after = (await asAdmin('GET', 'admin/overview')).body.data;
    expect(after.sellers_awaiting_activation).toBeGreaterThanOrEqual(before.sellers_awaiting_activation + 1);
    expect(after.orders_today).toBeGreaterThanOrEqual(before.orders_today + 1);
    expect((await api('GET', 'admin/overview', { token: seller.token })).status).toBe(403);
  });
});
