import { randomUUID } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_TEXT } from '@gm/shared/users/profile';
import { MSG } from '@gm/shared/validation/messages';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, TEST_PASSWORD, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient, s3Client } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { companies, identity, profiles, users, verifications } from '../../lib/deps.ts';
import { newUserRecord } from '../users/new-user.ts';
import type { VerificationRecord } from '../../repositories/verification-repository.ts';
import { uploadImageBytes } from '../../../../scripts/test/uploads.ts';

// Answers are read loosely (as in scripts/test/api.ts); the assertions check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ProfileAnswer = Record<string, any>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const VALID_IBAN = 'AT611904300234573201';

const profileOf = async (account: TestAccount) =>
  (await api('GET', `user/${account.userId}`, { token: account.token })).body;
const uniqueOwner = async (email: string) =>
  (
    await documentClient().send(
      new GetCommand({
        TableName: env().TABLE_NAME,
        Key: { PK: `UNIQUE#EMAIL#${email}`, SK: 'UNIQUE' },
        ConsistentRead: true,
      }),
    )
  ).Item?.user_id;
const login = (email: string, password: string) => api('POST', 'auth/login', { body: { email, password } });

/** The buyer form as the web sends it, from the current profile. */
function buyerForm(profile: ProfileAnswer, changes: Record<string, unknown> = {}) {
  return {
    section: 'profile',
    version: profile.version,
    username: profile.username,
    firstName: profile.detail.firstName,
    lastName: profile.detail.lastName,
    email: profile.email,
    address: profile.detail.address ?? '',
    city: profile.detail.city ?? '',
    zip_code: profile.detail.zip_code ?? '',
    order_email: profile.order_email ?? '',
    ...changes,
  };
}

async function uploadDocument(account: TestAccount): Promise<string> {
  return uploadImageBytes(account.token, 'verification-document', new Uint8Array(PNG), 'image/png');
}

/** A seller as the registration leaves one: company, verification (documents in the private bucket) and the given status. */
async function sellerWithCompany(status: VerificationRecord['status']): Promise<TestAccount> {
  const seller = await createTestAccount('seller', { phone_number: '+43512123456', region_id: 2 });
  const now = new Date().toISOString();
  await companies().put({
    id: randomUUID(),
    seller_id: seller.userId,
    name: `Alpenhof ${seller.userId.slice(-8)}`,
    description: null,
    url: null,
    logo: null,
    header_logo: null,
    region_id: 2,
    vat_number: null,
    background_color: null,
    text_color: null,
    header_1: null,
    header_2: null,
    is_header_show: false,
    created_at: now,
    updated_at: now,
  });
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        verifications().createPart({
          seller_id: seller.userId,
          first_name: 'Maria',
          last_name: 'Huber',
          bday: '1980-04-12',
          id_front_key: `verification/${seller.userId}/front-old.png`,
          id_back_key: `verification/${seller.userId}/back-old.png`,
          id_additional_key: `verification/${seller.userId}/additional-old.png`,
          status,
          verified_at: status === 'verified' ? now : null,
          verified_by: null,
          created_at: now,
          updated_at: now,
        }),
      ],
    }),
  );
  return seller;
}

function sellerForm(profile: ProfileAnswer, changes: Record<string, unknown> = {}) {
  return {
    section: 'profile',
    version: profile.version,
    username: profile.username,
    email: profile.email,
    phone_number: profile.detail.phone_number,
    region_id: profile.region_id,
    order_email: '',
    company_name: profile.company?.name ?? '',
    description: profile.company?.description ?? '',
    url: profile.company?.url ?? '',
    vat_number: profile.company?.vat_number ?? '',
    address: profile.company?.address ?? '',
    zip_code: profile.company?.zip_code ?? '',
    city: profile.company?.city ?? '',
    iban: profile.payout?.iban ?? '',
    bic: profile.payout?.bic ?? '',
    ...changes,
  };
}

describe('buyer profile (POST user/{id})', () => {
  let buyer: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    [buyer, other] = await Promise.all([createTestAccount('user'), createTestAccount('user')]);
  });

  it('saves names, address and order e-mail, answers the fresh profile and moves the version on', async () => {
    const before = await profileOf(buyer);
    expect(before.version).toBe(0);
    const res = await api('POST', `user/${buyer.userId}`, {
      token: buyer.token,
      body: buyerForm(before, {
        firstName: 'Anna',
        lastName: 'Berger',
        address: 'Maria-Theresien-Straße 1',
        city: 'Innsbruck',
        zip_code: '6020',
        order_email: 'Rechnung@Berger.example',
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Info aktualisiert.');
    expect(res.body.user).toMatchObject({
      version: 1,
      detail: { firstName: 'Anna', lastName: 'Berger', city: 'Innsbruck', zip_code: '6020' },
      order_email: 'rechnung@berger.example',
    });
    expect((await profileOf(buyer)).detail.fullname).toBe('Anna Berger');
  });

  it('refuses another user’s profile and password with 403 and changes nothing', async () => {
    const before = await profileOf(other);
    const res = await api('POST', `user/${other.userId}`, {
      token: buyer.token,
      body: buyerForm(before, { firstName: 'Eve' }),
    });
    expect(res.status).toBe(403);
    const pw = await api('PATCH', `user/change-password/${other.userId}`, {
      token: buyer.token,
      body: { current_password: other.password, new_password: 'Gekapert123', repeat_password: 'Gekapert123' },
    });
    expect(pw.status).toBe(403);
    expect(await profileOf(other)).toEqual(before);
    expect((await login(other.email, other.password)).status).toBe(200);
    // Reading someone else's profile is refused as well.
    expect((await api('GET', `user/${other.userId}`, { token: buyer.token })).status).toBe(403);
  });

  it('never changes the username once set', async () => {
    const before = await profileOf(buyer);
    const res = await api('POST', `user/${buyer.userId}`, {
      token: buyer.token,
      body: buyerForm(before, { username: 'ganz-neu' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.username).toEqual([PROFILE_TEXT.usernameLocked]);
    expect(await profileOf(buyer)).toEqual(before);
  });

  it('answers 422 in German for missing names and a bad order e-mail, and 409 for a stale version', async () => {
    const before = await profileOf(buyer);
    const bad = await api('POST', `user/${buyer.userId}`, {
      token: buyer.token,
      body: buyerForm(before, { firstName: '', order_email: 'kein-mail' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ firstName: [MSG.required], order_email: [MSG.email] });
    const stale = await api('POST', `user/${buyer.userId}`, {
      token: buyer.token,
      body: buyerForm(before, { version: before.version - 1, firstName: 'Alt' }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(PROFILE_TEXT.changedMeanwhile);
    expect(await profileOf(buyer)).toEqual(before);
  });

  it('refuses an e-mail another user holds (422, German) and writes nothing', async () => {
    const before = await profileOf(buyer);
    const res = await api('POST', `user/${buyer.userId}`, {
      token: buyer.token,
      body: buyerForm(before, { email: other.email.toUpperCase(), firstName: 'Halb' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual([MSG.emailTaken]);
    expect(await profileOf(buyer)).toEqual(before);
    expect(await uniqueOwner(other.email)).toBe(other.userId);
    expect(await uniqueOwner(buyer.email)).toBe(buyer.userId);
  });

  it('changes the e-mail: uniqueness items swap, login works with the new address only', async () => {
    const account = await createTestAccount('user');
    const next = `neu-${randomUUID().slice(0, 8)}@test.example`;
    const res = await api('POST', `user/${account.userId}`, {
      token: account.token,
      body: buyerForm(await profileOf(account), { email: next }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.email).toBe(next);
    expect(await uniqueOwner(next)).toBe(account.userId);
    expect(await uniqueOwner(account.email)).toBeUndefined();
    const fresh = await login(next, account.password);
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.id).toBe(account.userId);
    expect((await login(account.email, account.password)).status).toBe(401);
    // The old address is free again for someone else.
    expect((await api('POST', 'auth/unique', { body: { field: 'email', entity: account.email } })).status).toBe(200);
  });

  it('a social-login account cannot change its e-mail: German 422 on email, nothing written (no 500)', async () => {
    // A profile made by a first social sign-in (pre token trigger): it has no Cognito password user
    // under its e-mail. Its Cognito user (`Google_<sub>` in AWS) is stood in for by a pool user with
    // another address carrying the profile's `custom:user_id`, so its token acts for the profile.
    const suffix = randomUUID().slice(0, 8);
    const user = newUserRecord(
      {
        id: `test-social-${suffix}`,
        username: `social-${suffix}`,
        email: `social-${suffix}@test.example`,
        role: 'user',
        origin: 'google',
        first_name: 'Sofia',
        last_name: 'Sozial',
        region_id: 1,
      },
      new Date(),
    );
    await users().create(user);
    const federated = `google-${suffix}@provider.test.example`;
    await identity().createAccount({ userId: user.id, email: federated, password: TEST_PASSWORD, role: 'user' });
    const token = (await identity().signIn(federated, TEST_PASSWORD))!;
    const account = { userId: user.id, email: user.email, password: TEST_PASSWORD, role: 'user' as const, token };
    const before = await profileOf(account);
    expect(before.email).toBe(user.email);

    const next = `neu-${suffix}@test.example`;
    const res = await api('POST', `user/${user.id}`, {
      token,
      body: buyerForm(before, { email: next, firstName: 'Geändert' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors).toEqual({ email: [PROFILE_TEXT.emailSocialLocked] });
    const after = await users().get(user.id);
    expect(after).toMatchObject({ email: user.email, first_name: 'Sofia' });
    expect(after?.version ?? 0).toBe(before.version);
    expect(await uniqueOwner(user.email)).toBe(user.id);
    expect(await uniqueOwner(next)).toBeUndefined();

    // The rest of the form still saves when the e-mail stays as it is.
    const same = await api('POST', `user/${user.id}`, { token, body: buyerForm(before, { firstName: 'Geändert' }) });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.user).toMatchObject({ email: user.email, detail: { firstName: 'Geändert' } });
  });

  it('two users racing to the same new e-mail: exactly one wins, the other keeps everything', async () => {
    const [a, b] = await Promise.all([createTestAccount('user'), createTestAccount('user')]);
    const [pa, pb] = await Promise.all([profileOf(a), profileOf(b)]);
    const target = `begehrt-${randomUUID().slice(0, 8)}@test.example`;
    const answers = await Promise.all([
      api('POST', `user/${a.userId}`, { token: a.token, body: buyerForm(pa, { email: target, firstName: 'Anton' }) }),
      api('POST', `user/${b.userId}`, { token: b.token, body: buyerForm(pb, { email: target, firstName: 'Berta' }) }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422]);
    const winner = answers[0]!.status === 200 ? a : b;
    const loser = winner === a ? b : a;
    const loserBefore = winner === a ? pb : pa;
    expect(answers.find((r) => r.status === 422)!.body.errors.email).toEqual([MSG.emailTaken]);
    expect(await uniqueOwner(target)).toBe(winner.userId);
    expect(await profileOf(loser)).toEqual(loserBefore);
    expect(await uniqueOwner(loser.email)).toBe(loser.userId);
    expect(await uniqueOwner(winner.email)).toBeUndefined();
  });
});

describe('profile transaction', () => {
  it('the uniqueness condition itself refuses a held e-mail, without the service’s pre-check', async () => {
    const [a, b] = await Promise.all([createTestAccount('user'), createTestAccount('user')]);
    const before = await users().get(a.userId);
    await expect(
      profiles().save({
        userId: a.userId,
        expectedVersion: 0,
        profile: { email: b.email, first_name: 'X' },
        emailChange: { from: a.email, to: b.email },
        now: new Date().toISOString(),
      }),
    ).rejects.toMatchObject({ reason: 'email-taken' });
    expect(await users().get(a.userId)).toEqual(before);
    expect(await uniqueOwner(a.email)).toBe(a.userId);
    expect(await uniqueOwner(b.email)).toBe(b.userId);
    // A stale version is refused the same way, also without writing.
    await expect(
      profiles().save({
        userId: a.userId,
        expectedVersion: 3,
        profile: { first_name: 'Y' },
        now: new Date().toISOString(),
      }),
    ).rejects.toMatchObject({ reason: 'version' });
    expect(await users().get(a.userId)).toEqual(before);
  });
});

describe('password change (PATCH user/change-password/{id})', () => {
  it('checks the current password, validates the new one and then signs in only with the new one', async () => {
    const account = await createTestAccount('user');
    const path = `user/change-password/${account.userId}`;
    const wrong = await api('PATCH', path, {
      token: account.token,
      body: { current_password: 'Falsch1234', new_password: 'Neues1234!', repeat_password: 'Neues1234!' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual([PROFILE_TEXT.wrongPassword]);

    const invalid = await api('PATCH', path, {
      token: account.token,
      body: { current_password: account.password, new_password: 'kurz', repeat_password: 'anders123' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.new_password).toEqual([MSG.min(8)]);
    const mismatch = await api('PATCH', path, {
      token: account.token,
      body: { current_password: account.password, new_password: 'Neues1234!', repeat_password: 'Neues1234?' },
    });
    expect(mismatch.body.errors.repeat_password).toEqual([MSG.passwordMismatch]);
    const tooLong = await api('PATCH', path, {
      token: account.token,
      body: { current_password: account.password, new_password: 'x'.repeat(17), repeat_password: 'x'.repeat(17) },
    });
    expect(tooLong.body.errors.new_password).toEqual([MSG.max(16)]);
    expect((await login(account.email, account.password)).status).toBe(200);

    const ok = await api('PATCH', path, {
      token: account.token,
      body: { current_password: account.password, new_password: 'Neues1234!', repeat_password: 'Neues1234!' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Erfolgreich! Dein Passwort wurde geändert.');
    expect((await login(account.email, 'Neues1234!')).status).toBe(200);
    expect((await login(account.email, account.password)).status).toBe(401);
  });
});

describe('seller profile', () => {
  it('saves company fields and the payout account; IBAN rules as in the registration', async () => {
    const seller = await sellerWithCompany('submitted');
    const voucherId = `v-profile-${seller.userId.slice(-8)}`;
    await putVouchers(testVoucher(voucherId, seller.userId));
    const before = await profileOf(seller);
    expect(before.company.name).toMatch(/^Alpenhof/);
    const badIban = await api('POST', `user/${seller.userId}`, {
      token: seller.token,
      body: sellerForm(before, { iban: 'AT61 1904 3002 3457 3202', bic: 'OBKLAT2L' }),
    });
    expect(badIban.status).toBe(422);
    expect(badIban.body.errors.iban).toEqual(['Bitte gib eine gültige IBAN ein.']);

    const res = await api('POST', `user/${seller.userId}`, {
      token: seller.token,
      body: sellerForm(before, {
        company_name: 'Bergblick GmbH',
        url: 'www.bergblick.example',
        city: 'Seefeld',
        iban: 'AT61 1904 3002 3457 3201',
        bic: 'obklat2l',
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.company).toMatchObject({
      name: 'Bergblick GmbH',
      url: 'https://www.bergblick.example',
      city: 'Seefeld',
    });
    expect(res.body.user.payout).toMatchObject({ iban: VALID_IBAN, bic: 'OBKLAT2L', payouts_enabled: false });
    const stored = await companies().getBySeller(seller.userId);
    expect(stored?.name).toBe('Bergblick GmbH');
    // Fields of the website configuration stay as they were.
    expect(stored?.is_header_show).toBe(false);
    // The seller summary in the seller's vouchers and catalogue entries follows the company (data-model §1).
    const entry = (
      await documentClient().send(
        new GetCommand({ TableName: env().TABLE_NAME, Key: { PK: 'CATALOGUE', SK: `VOUCHER#${voucherId}` } }),
      )
    ).Item;
    expect(entry?.seller.company).toMatchObject({
      name: 'Bergblick GmbH',
      url: 'https://www.bergblick.example',
      region: 'Innsbruck und Umgebung',
    });
    expect(entry?.search_text).toContain('bergblick gmbh');
    const voucher = (await api('GET', `voucher/${voucherId}`)).body;
    expect(voucher.seller.company.name).toBe('Bergblick GmbH');
  });

  it('a verified seller cannot replace a verification file; an unverified one can', async () => {
    const verified = await sellerWithCompany('verified');
    const profile = await profileOf(verified);
    expect(profile.verification).toMatchObject({
      status: 'verified',
      documents: { id_front: true, id_back: true, id_additional: true },
    });
    const upload = await uploadDocument(verified);
    const res = await api('POST', `user/${verified.userId}`, {
      token: verified.token,
      body: {
        section: 'verification',
        version: profile.version,
        firstName: 'Maria',
        lastName: 'Huber',
        bday: '1980-04-12',
        id_front_upload_id: upload,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You cannot change verification file if an account is verified');
    expect((await verifications().get(verified.userId))?.id_front_key).toBe(
      `verification/${verified.userId}/front-old.png`,
    );
    expect(await profileOf(verified)).toEqual(profile);

    const open = await sellerWithCompany('rejected');
    const openProfile = await profileOf(open);
    const fresh = await uploadDocument(open);
    const ok = await api('POST', `user/${open.userId}`, {
      token: open.token,
      body: {
        section: 'verification',
        version: openProfile.version,
        firstName: 'Maria',
        lastName: 'Huber-Berger',
        bday: '1980-04-12',
        id_front_upload_id: fresh,
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const stored = await verifications().get(open.userId);
    expect(stored).toMatchObject({
      status: 'submitted',
      last_name: 'Huber-Berger',
      id_back_key: `verification/${open.userId}/back-old.png`,
    });
    expect(stored?.id_front_key).toMatch(new RegExp(`^verification/${open.userId}/front-[A-Za-z0-9_-]+\\.png$`));
    const head = await s3Client().send(
      new HeadObjectCommand({ Bucket: env().PRIVATE_BUCKET, Key: stored!.id_front_key }),
    );
    expect(head.ContentLength).toBe(PNG.length);
    // Never public.
    await expect(
      s3Client().send(new HeadObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: `media/${stored!.id_front_key}` })),
    ).rejects.toMatchObject({ name: 'NotFound' });
  });
});
