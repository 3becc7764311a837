import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_USERS_TEXT, USER_FLAGS, type UserFlagPath } from '@gm/shared/admin/users';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { audit, users } from '../../lib/deps.ts';

/**
 * Admin user management (03 §2 /users, §4, §7; issue 11) end to end through the local API: the admin
 * variant of user-filter, the four switches with their audit entries, the scanner's gift lock
 * following its seller, and the admin's GET/POST user/{id}.
 */
const tag = () => randomUUID().replace(/-/g, '').slice(0, 8);
const filter = (token: string, params: Record<string, string>) =>
  api('GET', `user/user-filter?${new URLSearchParams(params).toString()}`, { token });

describe('GET user/user-filter as an admin', () => {
  it('pages a role’s users 10 at a time by username prefix, with cursor and numbered pages alike', async () => {
    const admin = await createTestAccount('admin');
    const prefix = `pg${tag()}`;
    const made = [];
    for (let i = 0; i < 12; i++)
      made.push(await createTestAccount('user', { username: `${prefix}-${String(i).padStart(2, '0')}` }));

    const first = await filter(admin.token, { role: 'user', keyword: prefix.toUpperCase() });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, total: 12, per_page: 10, from: 1, to: 10 });
    expect(first.body.data.map((u: { username: string }) => u.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`),
    );
    expect(first.body.data[0]).toMatchObject({
      id: made[0]!.userId,
      origin: 'register',
      detail: { firstName: 'Test', lastName: 'user' },
      gift_locked: false,
      is_custom_auth: false,
      is_custom_confirmation: false,
      monthly_reporting: false,
    });
    expect(first.body.next_page_url).toContain('cursor=');

    // next_page_url is absolute: the gateway answers it as it stands.
    const next = await api('GET', first.body.next_page_url, { token: admin.token });
    expect(next.body).toMatchObject({
      current_page: 2,
      last_page: 2,
      total: 12,
      from: 11,
      to: 12,
      next_page_url: null,
    });
    expect(next.body.data.map((u: { username: string }) => u.username)).toEqual([`${prefix}-10`, `${prefix}-11`]);
    // A page number without a cursor walks from the start to the same rows.
    const numbered = await filter(admin.token, { role: 'user', keyword: prefix, page: '2' });
    expect(numbered.body.data.map((u: { id: string }) => u.id)).toEqual(
      next.body.data.map((u: { id: string }) => u.id),
    );
    // A foreign cursor is refused.
    expect((await filter(admin.token, { role: 'user', cursor: 'bm9wZQ' })).status).toBe(422);
  });

  it('lists all with an empty keyword, keeps the tabs apart and finds sellers by their names too', async () => {
    const admin = await createTestAccount('admin');
    const t = tag();
    const seller = await createTestAccount('seller', {
      username: `tab${t}-seller`,
      first_name: `Xaver${t}`,
      last_name: 'Huber',
    });
    const buyer = await createTestAccount('user', { username: `tab${t}-buyer` });

    const sellers = await filter(admin.token, { role: 'seller', keyword: `tab${t}` });
    expect(sellers.body.data.map((u: { id: string }) => u.id)).toEqual([seller.userId]);
    expect(sellers.body.data[0]).toMatchObject({
      origin: 'seller_registration',
      user_role: { role: { name: 'seller' } },
    });
    const buyers = await filter(admin.token, { role: 'user', keyword: `tab${t}` });
    expect(buyers.body.data.map((u: { id: string }) => u.id)).toEqual([buyer.userId]);

    // Sellers are found by a word of their names (bounded partition, matched in memory).
    const byName = await filter(admin.token, { role: 'seller', keyword: `xaver${t}` });
    expect(byName.body.data.map((u: { id: string }) => u.id)).toEqual([seller.userId]);

    // Empty keyword: everybody of the role (paged).
    const all = await filter(admin.token, { role: 'admin' });
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(1);
    expect(all.body.per_page).toBe(10);
    const everyBuyer = await filter(admin.token, { role: 'user' });
    expect(everyBuyer.body.total).toBeGreaterThanOrEqual(1);
    expect(everyBuyer.body.data.length).toBe(Math.min(10, everyBuyer.body.total));

    expect((await filter(admin.token, { role: 'tourist' })).status).toBe(422);
  });

  it('subdomain_empty lists sellers without a subdomain, subdomain those with one', async () => {
    const admin = await createTestAccount('admin');
    const t = tag();
    const without = await createTestAccount('seller', { username: `sd${t}-a` });
    const withSub = await createTestAccount('seller', { username: `sd${t}-b`, subdomain: `shop${t}` });

    const empty = await filter(admin.token, { role: 'seller', subdomain_empty: '1', keyword: `sd${t}` });
    expect(empty.body.data.map((u: { id: string }) => u.id)).toEqual([without.userId]);
    // The /subdomain picker asks without a keyword: the seller with a subdomain is never among them.
    const picker = await filter(admin.token, { role: 'seller', subdomain_empty: '1' });
    const pickerIds = picker.body.data.map((u: { id: string }) => u.id);
    expect(pickerIds).not.toContain(withSub.userId);
    const withOne = await filter(admin.token, { role: 'seller', subdomain: '1', keyword: `sd${t}` });
    expect(withOne.body.data).toMatchObject([{ id: withSub.userId, subdomain: `shop${t}` }]);
    const byName = await filter(admin.token, { role: 'seller', subdomain: `SHOP${t}` });
    expect(byName.body.data.map((u: { id: string }) => u.id)).toEqual([withSub.userId]);
  });

  it('keeps the buyer-only gifting variant for everybody else', async () => {
    const t = tag();
    const seller = await createTestAccount('seller');
    const buyer = await createTestAccount('user', { username: `gift${t}-x` });
    const found = await filter(seller.token, { role: 'user', keyword: `gift${t}` });
    expect(found).toMatchObject({ status: 200, body: { data: [{ id: buyer.userId, username: `gift${t}-x` }] } });
    expect(Object.keys(found.body)).toEqual(['data']);
    expect(Object.keys(found.body.data[0]).sort()).toEqual(['id', 'username']);
    expect((await filter(seller.token, { role: 'seller', keyword: 'a' })).status).toBe(422);
    expect((await filter(seller.token, { role: 'user' })).body).toEqual({ data: [] });
  });
});

describe('the admin switches on a user', () => {
  const flags = Object.keys(USER_FLAGS) as UserFlagPath[];

  it.each(flags)('PUT user/%s/{id} flips the switch, answers the user and records an audit entry', async (flag) => {
    const admin = await createTestAccount('admin');
    const seller = await createTestAccount('seller');
    const field = USER_FLAGS[flag];

    const on = await api('PUT', `user/${flag}/${seller.userId}`, { token: admin.token });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({
      message: ADMIN_USERS_TEXT.flagMessages[field].on,
      user: { id: seller.userId, [field]: true },
    });
    expect((await users().get(seller.userId))?.[field]).toBe(true);

    const off = await api('PUT', `user/${flag}/${seller.userId}`, { token: admin.token });
    expect(off.body).toMatchObject({ message: ADMIN_USERS_TEXT.flagMessages[field].off, user: { [field]: false } });
    expect((await users().get(seller.userId))?.[field]).toBe(false);

    const trail = await audit().listByTarget(seller.userId, 10);
    expect(trail.items.map((e) => e.details)).toEqual([
      { field, from: true, to: false },
      { field, from: false, to: true },
    ]);
    expect(trail.items[0]).toMatchObject({ actor_id: admin.userId, target_id: seller.userId });

    // Other roles are refused by the route, one's own account by the service.
    const other = await createTestAccount('seller');
    expect((await api('PUT', `user/${flag}/${seller.userId}`, { token: other.token })).status).toBe(403);
    expect((await api('PUT', `user/${flag}/${seller.userId}`)).status).toBe(401);
    const self = await api('PUT', `user/${flag}/${admin.userId}`, { token: admin.token });
    expect(self).toMatchObject({ status: 422, body: { message: ADMIN_USERS_TEXT.selfRefused } });
    expect((await api('PUT', `user/${flag}/nobody-${tag()}`, { token: admin.token })).status).toBe(404);
  });

  it('names the audit action per switch and refuses the seller switches on buyers', async () => {
    const admin = await createTestAccount('admin');
    const seller = await createTestAccount('seller');
    for (const flag of flags) await api('PUT', `user/${flag}/${seller.userId}`, { token: admin.token });
    const trail = await audit().listByTarget(seller.userId, 10);
    expect(trail.items.map((e) => e.action).sort()).toEqual([
      'toggle_auth',
      'toggle_custom_confirmation',
      'toggle_gift',
      'toggle_monthly_reporting',
      'toggle_tourism',
    ]);

    const buyer = await createTestAccount('user');
    const refused = await api('PUT', `user/user-auth-status/${buyer.userId}`, { token: admin.token });
    expect(refused).toMatchObject({ status: 422, body: { message: ADMIN_USERS_TEXT.sellersOnly } });
    expect((await api('PUT', `user/user-gift-status/${buyer.userId}`, { token: admin.token })).status).toBe(422);
    expect((await audit().listByTarget(buyer.userId, 10)).items).toEqual([]);
  });

  it('locks a scanner’s gifts and direct sale when its seller is locked, and unlocks them with it', async () => {
    const admin = await createTestAccount('admin');
    const seller = await createTestAccount('seller');
    const scanner = await createTestAccount('scanner', { seller_id: seller.userId });
    const directSale = async () => (await api('GET', 'voucher/direct-sale', { token: scanner.token })).body;

    expect(await directSale()).toMatchObject({ gift_locked: false });
    await api('PUT', `user/user-gift-status/${seller.userId}`, { token: admin.token });
    expect(await directSale()).toMatchObject({ gift_locked: true, data: [] });
    const sale = await api('POST', 'order/direct-sale', { token: scanner.token, body: { voucher_id: 'any' } });
    expect(sale.status).toBe(403);
    await api('PUT', `user/user-gift-status/${seller.userId}`, { token: admin.token });
    expect(await directSale()).toMatchObject({ gift_locked: false });
  });
});

describe('GET and POST user/{id} for an admin', () => {
  it('reads anyone’s profile and saves another user’s profile form with an audit entry', async () => {
    const admin = await createTestAccount('admin');
    const buyer = await createTestAccount('user');
    const other = await createTestAccount('user');

    const read = await api('GET', `user/${buyer.userId}`, { token: admin.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: buyer.userId, origin: 'register' });
    // Everybody else still reads only their own.
    expect((await api('GET', `user/${buyer.userId}`, { token: other.token })).status).toBe(403);
    expect((await api('POST', `user/${buyer.userId}`, { token: other.token, body: {} })).status).toBe(403);

    const saved = await api('POST', `user/${buyer.userId}`, {
      token: admin.token,
      body: {
        section: 'profile',
        version: read.body.version,
        username: read.body.username,
        firstName: 'Berta',
        lastName: 'Neu',
        email: read.body.email,
        address: 'Hauptplatz 1',
        city: 'Graz',
        zip_code: '8010',
        order_email: '',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.user).toMatchObject({ id: buyer.userId, detail: { firstName: 'Berta', lastName: 'Neu' } });
    const trail = await audit().listByTarget(buyer.userId, 10);
    expect(trail.items).toMatchObject([{ action: 'update_user', actor_id: admin.userId, details: { kind: 'buyer' } }]);

    // The password stays the owner's own business.
    const password = await api('PATCH', `user/change-password/${buyer.userId}`, {
      token: admin.token,
      body: { current_password: 'x', new_password: 'Geheim123!', repeat_password: 'Geheim123!' },
    });
    expect(password.status).toBe(403);
  });
});
