import { createHash, randomUUID } from 'node:crypto';
import { DeleteCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPERSONATION_TEXT } from '@gm/shared/admin/impersonation';
import { TEXT } from '@gm/shared/validation/messages';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { issueOwnedVoucher } from '../../../../scripts/test/owned-voucher.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { audit, impersonationSessions, payoutAccounts } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { signImpersonationToken, signingKey } from '../../lib/impersonation-token.ts';
import { userKeys } from '../../repositories/user-repository.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';

const changeRole = (admin: TestAccount, userId: unknown) =>
  api('POST', 'auth/change-role', { token: admin.token, body: { user_id: userId } });

async function impersonate(admin: TestAccount, target: TestAccount): Promise<string> {
  const res = await changeRole(admin, target.userId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

const setProfile = (userId: string, values: Record<string, unknown>) =>
  documentClient().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: userKeys.profile(userId),
      UpdateExpression: `SET ${Object.keys(values)
        .map((k) => `#${k} = :${k}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((k) => [`#${k}`, k])),
      ExpressionAttributeValues: Object.fromEntries(Object.entries(values).map(([k, v]) => [`:${k}`, v])),
    }),
  );

const entriesFor = async (adminId: string) => (await audit().listByActor(adminId, 100)).items;

describe('POST auth/change-role', () => {
  let admin: TestAccount;
  let buyer: TestAccount;
  beforeAll(async () => {
    [admin, buyer] = await Promise.all([createTestAccount('admin'), createTestAccount('user')]);
  });

  it('answers a token that acts as the buyer, on the buyer’s own data, and records it', async () => {
    const owned = await issueOwnedVoucher(buyer.userId);
    const res = await changeRole(admin, buyer.userId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ id: buyer.userId, role_id: 3, user_role: { role: { name: 'user' } } });
    expect(res.body.user_voucher_wishlist).toEqual([]);
    const token = res.body.token as string;
    // Our own token: not a Cognito one, carries the admin, lives at most 30 minutes.
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: buyer.userId, impersonated_by: admin.userId, role: 'user' });
    expect(claims.iss).not.toContain('cognito');
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(30 * 60);
    expect(await impersonationSessions().get(createHash('sha256').update(claims.jti).digest('hex'))).toMatchObject({
      admin_id: admin.userId,
      target_id: buyer.userId,
    });

    const wallet = await api('POST', 'user-voucher/search/user-vouchers', { token, body: {} });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
    expect(wallet.body.user_vouchers.data.map((v: { id: string }) => v.id)).toContain(owned.id);
    expect((await api('GET', `user/${buyer.userId}`, { token })).status).toBe(200);
    expect((await api('GET', 'order', { token })).status).toBe(200);

    const [entry] = (await entriesFor(admin.userId)).filter((e) => e.action === 'impersonate');
    expect(entry).toMatchObject({ actor_id: admin.userId, target_id: buyer.userId, details: { role: 'user' } });
  });

  it('refuses yourself, another admin, a deactivated buyer, an unknown user and an empty body', async () => {
    const [otherAdmin, inactive, pendingSeller] = await Promise.all([
      createTestAccount('admin'),
      createTestAccount('user', { is_activated: false }),
      createTestAccount('seller', { is_activated: false }),
    ]);
    expect(await changeRole(admin, admin.userId)).toMatchObject({
      status: 422,
      body: { errors: { user_id: [IMPERSONATION_TEXT.self] } },
    });
    expect(await changeRole(admin, otherAdmin.userId)).toMatchObject({
      status: 422,
      body: { errors: { user_id: [IMPERSONATION_TEXT.admin] } },
    });
    expect(await changeRole(admin, inactive.userId)).toMatchObject({
      status: 422,
      body: { errors: { user_id: [IMPERSONATION_TEXT.inactive] } },
    });
    expect((await changeRole(admin, 'nobody-' + randomUUID())).status).toBe(404);
    expect((await api('POST', 'auth/change-role', { token: admin.token, body: {} })).status).toBe(422);
    // A seller not activated yet builds drafts with their own token, so the admin may act as them.
    expect((await changeRole(admin, pendingSeller.userId)).status).toBe(200);
    // Only admins impersonate.
    expect((await changeRole(buyer, admin.userId)).status).toBe(403);
  });

  it('cannot reach admin routes, impersonate again, or change password, e-mail, payout data or documents', async () => {
    const token = await impersonate(admin, buyer);
    expect(await api('GET', 'audit', { token })).toMatchObject({ status: 403, body: { message: TEXT.forbidden } });
    expect((await api('POST', 'auth/change-role', { token, body: { user_id: buyer.userId } })).status).toBe(403);
    expect(
      await api('PATCH', `user/change-password/${buyer.userId}`, {
        token,
        body: { current_password: 'Test1234!', password: 'Neu12345!', confirm_password: 'Neu12345!' },
      }),
    ).toMatchObject({ status: 403, body: { message: IMPERSONATION_TEXT.refused } });

    const profile = (await api('GET', `user/${buyer.userId}`, { token })).body;
    const buyerForm = (changes: Record<string, unknown>) => ({
      section: 'profile',
      version: profile.version,
      username: profile.username,
      firstName: profile.detail.firstName,
      lastName: profile.detail.lastName,
      email: profile.email,
      ...changes,
    });
    expect(
      await api('POST', `user/${buyer.userId}`, {
        token,
        body: buyerForm({ email: `neu-${randomUUID()}@test.example` }),
      }),
    ).toMatchObject({ status: 422, body: { errors: { email: [IMPERSONATION_TEXT.refused] } } });
    // Everything else of the profile may be edited for the user.
    const saved = await api('POST', `user/${buyer.userId}`, { token, body: buyerForm({ city: 'Innsbruck' }) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const seller = await createTestAccount('seller', { phone_number: '+43512123456', region_id: 2 });
    const now = new Date().toISOString();
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          payoutAccounts().createPart({
            seller_id: seller.userId,
            iban: 'AT611904300234573201',
            bic: 'OBKLAT2L',
            account_holder: 'Alpenhof',
            stripe_account_id: null,
            payouts_enabled: false,
            created_at: now,
            updated_at: now,
          }),
        ],
      }),
    );
    const asSeller = await impersonate(admin, seller);
    const sellerProfile = (await api('GET', `user/${seller.userId}`, { token: asSeller })).body;
    const sellerForm = (changes: Record<string, unknown>) => ({
      section: 'profile',
      version: sellerProfile.version,
      username: sellerProfile.username,
      email: sellerProfile.email,
      phone_number: '+43512123456',
      region_id: 2,
      company_name: 'Alpenhof',
      iban: 'AT61 1904 3002 3457 3201',
      bic: 'OBKLAT2L',
      ...changes,
    });
    expect(
      await api('POST', `user/${seller.userId}`, {
        token: asSeller,
        body: sellerForm({ iban: 'DE89370400440532013000' }),
      }),
    ).toMatchObject({ status: 422, body: { errors: { iban: [IMPERSONATION_TEXT.refused] } } });
    expect(
      await api('POST', `user/${seller.userId}`, {
        token: asSeller,
        body: {
          section: 'verification',
          version: sellerProfile.version,
          firstName: 'A',
          lastName: 'B',
          bday: '1980-01-01',
        },
      }),
    ).toMatchObject({ status: 403, body: { message: IMPERSONATION_TEXT.refused } });
    // The same IBAN (as the form always sends it) saves.
    const same = await api('POST', `user/${seller.userId}`, { token: asSeller, body: sellerForm({}) });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it('records every write made under it once, with the admin as actor, and lists it in GET audit', async () => {
    const [freshAdmin, target] = await Promise.all([createTestAccount('admin'), createTestAccount('user')]);
    const token = await impersonate(freshAdmin, target);
    const voucher = testVoucher(`v-${randomUUID()}`, `test-seller-${randomUUID().slice(0, 8)}`);
    await putVouchers(voucher);

    const added = await api('POST', 'user-voucher-wishlist', {
      token,
      body: { user_id: target.userId, voucher_id: voucher.id },
    });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    // Reads and refused writes leave nothing.
    await api('GET', `user-voucher-wishlist/user/${target.userId}`, { token });
    await api('POST', 'user-voucher/search/user-vouchers', { token, body: {} });
    expect((await api('POST', 'user-voucher-wishlist', { token, body: {} })).status).toBe(422);
    const removed = await api('DELETE', `user-voucher-wishlist/${voucher.id}`, { token });
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);

    const writes = (await entriesFor(freshAdmin.userId)).filter((e) => e.action === 'impersonated_write');
    expect(writes.map((e) => e.details.route).sort()).toEqual([
      'DELETE user-voucher-wishlist/{id}',
      'POST user-voucher-wishlist',
    ]);
    for (const entry of writes) expect(entry).toMatchObject({ actor_id: freshAdmin.userId, target_id: target.userId });

    // The admin's own list (default: the caller), newest first, paged with a cursor; `total` is the
    // aggregator's row count (USER#<id>#STATS/AUDIT_COUNTS), so it waits for the stream to be applied.
    await aggregatesCaughtUp();
    const first = await api('GET', 'audit?paginate=2', { token: freshAdmin.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2, from: 1, to: 2 });
    expect(first.body.data.map((e: { action: string }) => e.action)).toEqual([
      'impersonated_write',
      'impersonated_write',
    ]);
    const next = new URL(first.body.next_page_url);
    expect(next.searchParams.get('cursor')).toBeTruthy();
    const second = await api('GET', `audit${next.search}`, { token: freshAdmin.token });
    expect(second.body.data.map((e: { action: string }) => e.action)).toEqual(['impersonate']);
    expect(second.body).toMatchObject({ current_page: 2, from: 3, to: 3, next_page_url: null });
    // The same page by number alone walks from the start.
    expect((await api('GET', 'audit?paginate=2&page=2', { token: freshAdmin.token })).body.data).toEqual(
      second.body.data,
    );
    // What was done to the user.
    const byTarget = await api('GET', `audit?target_id=${target.userId}`, { token: freshAdmin.token });
    expect(byTarget.body.total).toBe(3);
    expect(byTarget.body.data[0].target_name).toMatch(/^user-/);
    expect((await api('GET', 'audit?cursor=bm9wZQ', { token: freshAdmin.token })).status).toBe(422);
  });

  it('stops working when the session ends, expires or is forged', async () => {
    const token = await impersonate(admin, buyer);
    const logout = await api('POST', 'auth/logout', { token });
    expect(logout.status).toBe(200);
    expect((await api('GET', `user/${buyer.userId}`, { token })).status).toBe(401);
    expect((await entriesFor(admin.userId)).some((e) => e.action === 'end_impersonation')).toBe(true);

    // Expired: a correctly signed token with a live session item, but past its exp.
    const key = await signingKey(process.env.IMPERSONATION_PRIVATE_KEY!);
    const past = new Date(Date.now() - 31 * 60_000);
    const expired = await signImpersonationToken(
      key,
      { targetId: buyer.userId, role: 'user', email: buyer.email, adminId: admin.userId },
      past,
      30,
    );
    await impersonationSessions().put(createHash('sha256').update(expired.claims.jti).digest('hex'), {
      admin_id: admin.userId,
      target_id: buyer.userId,
      expires_at: Math.floor(Date.now() / 1000) + 600,
      created_at: past.toISOString(),
    });
    expect((await api('GET', `user/${buyer.userId}`, { token: expired.token })).status).toBe(401);

    // Forged: our issuer, but the payload changed (to another user) under the old signature.
    const live = await impersonate(admin, buyer);
    const [header, payload, signature] = live.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const other = await createTestAccount('user');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: other.userId })).toString('base64url')}.${signature}`;
    expect((await api('GET', `user/${other.userId}`, { token: forged })).status).toBe(401);
    // Signed by a key that is not ours.
    const { generateKeyPairSync } = await import('node:crypto');
    const foreign = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const stranger = await signImpersonationToken(
      await signingKey(foreign.privateKey),
      { targetId: buyer.userId, role: 'user', email: buyer.email, adminId: admin.userId },
      new Date(),
      30,
    );
    expect((await api('GET', `user/${buyer.userId}`, { token: stranger.token })).status).toBe(401);
    // A session ended by the admin directly also ends the token.
    await impersonationSessions().end(createHash('sha256').update(claims.jti).digest('hex'));
    expect((await api('GET', `user/${buyer.userId}`, { token: live })).status).toBe(401);
  });
});

describe('account status in the authoriser', () => {
  it('refuses the still-valid token of a deactivated buyer or scanner and of a deleted profile', async () => {
    const [buyer, scanner, seller, gone] = await Promise.all([
      createTestAccount('user'),
      createTestAccount('scanner'),
      createTestAccount('seller'),
      createTestAccount('user'),
    ]);
    expect((await api('GET', `user/${buyer.userId}`, { token: buyer.token })).status).toBe(200);
    await setProfile(buyer.userId, { is_activated: false });
    expect(await api('GET', `user/${buyer.userId}`, { token: buyer.token })).toMatchObject({
      status: 401,
      body: { message: TEXT.unauthenticated },
    });
    await setProfile(buyer.userId, { is_activated: true });
    expect((await api('GET', `user/${buyer.userId}`, { token: buyer.token })).status).toBe(200);

    await setProfile(scanner.userId, { is_activated: false });
    expect((await api('GET', `user/${scanner.userId}`, { token: scanner.token })).status).toBe(401);

    // A seller not activated yet keeps working on drafts.
    await setProfile(seller.userId, { is_activated: false });
    expect((await api('GET', 'voucher/seller-vouchers', { token: seller.token })).status).toBe(200);

    await documentClient().send(new DeleteCommand({ TableName: env().TABLE_NAME, Key: userKeys.profile(gone.userId) }));
    expect((await api('GET', `user/${gone.userId}`, { token: gone.token })).status).toBe(401);
  });

  it('refuses a buyer the admin deactivated through PUT user/user-status at once, and takes them back', async () => {
    const [admin, buyer] = await Promise.all([createTestAccount('admin'), createTestAccount('user')]);
    const off = await api('PUT', `user/user-status/${buyer.userId}`, {
      token: admin.token,
      body: { isActivated: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await api('GET', `user/${buyer.userId}`, { token: buyer.token })).status).toBe(401);
    await api('PUT', `user/user-status/${buyer.userId}`, { token: admin.token, body: { isActivated: true } });
    expect((await api('GET', `user/${buyer.userId}`, { token: buyer.token })).status).toBe(200);
  });

  it('ends an impersonation when its target is deactivated', async () => {
    const [admin, buyer] = await Promise.all([createTestAccount('admin'), createTestAccount('user')]);
    const token = await impersonate(admin, buyer);
    await setProfile(buyer.userId, { is_activated: false });
    expect((await api('GET', `user/${buyer.userId}`, { token })).status).toBe(401);
  });
});
