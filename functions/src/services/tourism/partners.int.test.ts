import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { TOURISM_TEXT, partnerListSchema, publicPartnersSchema } from '@gm/shared/admin/tourism';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { createPartner, createTourismAccount, randomIp } from '../../../../scripts/test/tourism-core-fixtures.ts';
import { documentClient } from '../../lib/clients.ts';
import { audit, users } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';

/** All rows of partners/all for `token` (every page), by id. */
async function allRows(token: string, keyword = '') {
  const rows = [];
  for (let page = 1; ; page++) {
    const answer = await api('GET', `partners/all?page=${page}&pagination=50&keyword=${encodeURIComponent(keyword)}`, {
      token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const list = partnerListSchema.parse(answer.body);
    rows.push(...list.data);
    if (page >= list.last_page) return new Map(rows.map((r) => [r.id, r]));
  }
}

/** An employee voucher as the builder's tourism mode writes it (GSI2 `TOURISM#<id>#EMPLOYEE_VOUCHERS`; no catalogue entry). */
async function putEmployeeVoucher(sellerId: string, tourismId: string, overrides: Record<string, unknown> = {}) {
  const id = randomUUID();
  const now = new Date().toISOString();
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        PK: `VOUCHER#${id}`,
        SK: 'VOUCHER',
        GSI2PK: `TOURISM#${tourismId}#EMPLOYEE_VOUCHERS`,
        GSI2SK: `${now}#${id}`,
        entity: 'Voucher',
        id,
        seller_id: sellerId,
        seller: { id: sellerId, username: `partner-${sellerId.slice(0, 6)}`, company: null, is_activated: true },
        tourism_id: tourismId,
        title: `Mitarbeiter-Vorteil ${id.slice(0, 4)}`,
        employee_value: '1+1 gratis',
        is_tourism: true,
        is_active: true,
        background_image: '/media/vouchers/x/background.jpg',
        created_at: now,
        ...overrides,
      },
    }),
  );
  return id;
}

describe('partners (03 §2 /tourism/sellers, /wp/tourism/partners; §7)', () => {
  it('a tourism account lists its partners and the unattached sellers, never another tourism account’s', async () => {
    const t1 = await createTourismAccount();
    const t2 = await createTourismAccount();
    const own = await createPartner(t1.userId, { can_generate: true });
    const foreign = await createPartner(t2.userId);
    const unattached = await createTestAccount('seller');

    const rows = await allRows(t1.token);
    expect(rows.get(own.userId)).toMatchObject({
      is_partner: true,
      can_generate: true,
      tourism_id: t1.userId,
      company: { name: own.company },
    });
    expect(rows.get(unattached.userId)).toMatchObject({ is_partner: false, tourism_id: null });
    expect(rows.has(foreign.userId)).toBe(false);
    expect(rows.has(t1.userId)).toBe(false);
    expect(rows.has(t2.userId)).toBe(false);

    // Keyword: username or company name.
    const byCompany = await allRows(t1.token, own.company.toUpperCase());
    expect([...byCompany.keys()]).toEqual([own.userId]);

    // Admin sees every seller (tourism accounts excepted).
    const admin = await createTestAccount('admin');
    const adminRows = await allRows(admin.token);
    expect(adminRows.has(own.userId) && adminRows.has(foreign.userId) && adminRows.has(unattached.userId)).toBe(true);
  });

  it('toggles partner status and codes: tourism attaches to itself, admin keeps the tourism account; both audited', async () => {
    const t = await createTourismAccount();
    const seller = await createTestAccount('seller');
    const on = await api('PUT', `partners/status/${seller.userId}`, {
      token: t.token,
      body: { status: true, type: 'partner' },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({
      message: TOURISM_TEXT.partnerOn,
      data: { is_partner: true, tourism_id: t.userId },
    });
    const codes = await api('PUT', `partners/status/${seller.userId}`, {
      token: t.token,
      body: { status: 1, type: 'codes' },
    });
    expect(codes.status, JSON.stringify(codes.body)).toBe(200);
    expect(codes.body.data).toMatchObject({ can_generate: true });
    expect(await users().get(seller.userId)).toMatchObject({
      is_partner: true,
      can_generate: true,
      tourism_id: t.userId,
    });

    // Now a partner: listed in the tenant's public partners.
    const active = await api('GET', `partners/active?subdomain=${t.subdomain}`);
    expect((active.body.data as { id: string }[]).map((p) => p.id)).toContain(seller.userId);

    const admin = await createTestAccount('admin');
    const off = await api('PUT', `partners/status/${seller.userId}`, {
      token: admin.token,
      body: { status: false, type: 'partner' },
    });
    expect(off.body.data).toMatchObject({ is_partner: false, tourism_id: t.userId });
    const afterOff = await api('GET', `partners/active?subdomain=${t.subdomain}`);
    expect((afterOff.body.data as { id: string }[]).map((p) => p.id)).not.toContain(seller.userId);

    const trail = await audit().listByTarget(seller.userId, 10);
    expect(trail.items.map((e) => [e.action, e.actor_id]).sort()).toEqual(
      [
        ['toggle_can_generate', t.userId],
        ['toggle_partner', admin.userId],
        ['toggle_partner', t.userId],
      ].sort(),
    );
    // Codes need a partner.
    const noPartner = await createTestAccount('seller');
    const refused = await api('PUT', `partners/status/${noPartner.userId}`, {
      token: t.token,
      body: { status: true, type: 'codes' },
    });
    expect(refused.status).toBe(422);
  });

  it('only admins and the partner’s tourism account toggle: another tourism account and sellers 404, buyers 403', async () => {
    const t1 = await createTourismAccount();
    const t2 = await createTourismAccount();
    const partner = await createPartner(t1.userId);
    const body = { status: false, type: 'partner' };
    expect((await api('PUT', `partners/status/${partner.userId}`, { token: t2.token, body })).status).toBe(404);
    const seller = await createTestAccount('seller');
    expect((await api('PUT', `partners/status/${partner.userId}`, { token: seller.token, body })).status).toBe(404);
    expect((await api('GET', 'partners/all', { token: seller.token })).status).toBe(404);
    const buyer = await createTestAccount('user');
    expect((await api('PUT', `partners/status/${partner.userId}`, { token: buyer.token, body })).status).toBe(403);
    expect((await api('PUT', `partners/status/${partner.userId}`, { body })).status).toBe(401);
    // A partner itself cannot switch its own flags.
    expect(
      (
        await api('PUT', `partners/status/${partner.userId}`, {
          token: partner.token,
          body: { status: true, type: 'codes' },
        })
      ).status,
    ).toBe(404);
    expect(await users().get(partner.userId)).toMatchObject({ is_partner: true, can_generate: false });
  });

  it('the public carousel shows the tenant’s active partners with their active employee vouchers only', async () => {
    const t1 = await createTourismAccount();
    const t2 = await createTourismAccount();
    const p1 = await createPartner(t1.userId);
    const p2 = await createPartner(t2.userId);
    const shown = await putEmployeeVoucher(p1.userId, t1.userId);
    await putEmployeeVoucher(p1.userId, t1.userId, { is_active: false });
    await putEmployeeVoucher(p1.userId, t1.userId, { deleted_at: new Date().toISOString() });
    const other = await putEmployeeVoucher(p2.userId, t2.userId);

    const byParam = await api('GET', `partners/partnersWithVouchers?subdomain=${t1.subdomain}`);
    expect(byParam.status).toBe(200);
    const data = publicPartnersSchema.parse(byParam.body).data;
    expect(data.map((p) => p.id)).toEqual([p1.userId]);
    expect(data[0]!.employee_vouchers.map((v) => v.id)).toEqual([shown]);
    expect(data[0]!.employee_vouchers[0]).toMatchObject({ employee_value: '1+1 gratis', title: expect.any(String) });
    expect(JSON.stringify(byParam.body)).not.toContain(other);

    // By the request's host (the tenant page itself).
    const byHost = await api('GET', 'partners/partnersWithVouchers', {
      headers: { 'x-forwarded-host': `${t2.subdomain}.gutscheine.example` },
    });
    expect(publicPartnersSchema.parse(byHost.body).data.map((p) => p.id)).toEqual([p2.userId]);

    // The main site and a normal shop see nothing.
    expect((await api('GET', 'partners/partnersWithVouchers')).body.data).toEqual([]);
    expect((await api('GET', 'partners/active')).body.data).toEqual([]);
  });

  it('downloads the partner list as CSV', async () => {
    const t = await createTourismAccount();
    const p = await createPartner(t.userId, { can_generate: true });
    const answer = await api('GET', 'partners/downloadCSV', { token: t.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    // (fetch's text() drops the UTF-8 BOM the file starts with.)
    const text = String(answer.body);
    expect(text.split('\r\n')[0]).toBe('Benutzername;Unternehmen;Partner;Codes erlaubt');
    expect(text).toContain(`;${p.company};ja;ja`);
  });
});

describe('partner registration on a tourism tenant', () => {
  it('attaches the new partner to the tenant’s tourism account', async () => {
    const t = await createTourismAccount();
    const suffix = randomUUID().slice(0, 8);
    const answer = await api('POST', 'auth/register', {
      body: {
        role_id: '2',
        registrationType: 'partner',
        username: `Talpartner ${suffix}`,
        email: `team-${suffix}@tal.example`,
        phone_number: '0664 1234567',
        region_id: '1',
        password: 'Geheim123!',
        confirmPassword: 'Geheim123!',
        dataPrivacy: 'true',
        terms: 'true',
      },
      headers: { 'x-forwarded-host': `${t.subdomain}.gutscheine.example`, 'x-viewer-address': randomIp() },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.user).toMatchObject({ is_partner: true, tourism_id: t.userId });
  });
});

describe('tourism account switch (PUT user/user-tourism-status/{id}, admin)', () => {
  it('makes a seller a tourism account and back, audited; refuses buyers and one’s own account', async () => {
    const admin = await createTestAccount('admin');
    const seller = await createTestAccount('seller');
    const on = await api('PUT', `user/user-tourism-status/${seller.userId}`, { token: admin.token });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ message: 'Das Konto ist jetzt ein Tourismus-Konto.', user: { is_tourism: true } });
    const off = await api('PUT', `user/user-tourism-status/${seller.userId}`, { token: admin.token });
    expect(off.body.user.is_tourism).toBe(false);
    const trail = await audit().listByTarget(seller.userId, 10);
    expect(trail.items.filter((e) => e.action === 'toggle_tourism')).toHaveLength(2);

    const buyer = await createTestAccount('user');
    expect((await api('PUT', `user/user-tourism-status/${buyer.userId}`, { token: admin.token })).status).toBe(422);
    expect((await api('PUT', `user/user-tourism-status/${admin.userId}`, { token: admin.token })).status).toBe(422);
    expect((await api('PUT', `user/user-tourism-status/${seller.userId}`, { token: seller.token })).status).toBe(403);
  });
});
