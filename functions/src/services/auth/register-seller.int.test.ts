import { randomBytes, randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { REQUEST_TOO_LARGE } from '@gm/shared/api/limits';
import { SELLER_TEXT } from '@gm/shared/auth/seller-registration';
import { MSG } from '@gm/shared/validation/messages';
import { api } from '../../../../scripts/test/api.ts';
import { documentClient, s3Client } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { createPayoutAccountRepository } from '../../repositories/payout-account-repository.ts';
import { createVerificationRepository } from '../../repositories/verification-repository.ts';
import { testJpeg } from '../uploads/test-images.ts';
import { IMAGE_DAMAGED } from '@gm/shared/uploads/contracts';

// A real 1×1 PNG and a real JPEG: the server decodes them in full.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A real JPEG: the server decodes every ID document. */
const JPEG = Buffer.from(testJpeg());
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const file = (bytes: Uint8Array, name: string, type: string) => ({ bytes, name, type });
type FilePart = ReturnType<typeof file>;

function sellerFields(
  overrides: Record<string, string | FilePart | undefined> = {},
): Record<string, string | FilePart | undefined> {
  const suffix = randomUUID().slice(0, 8);
  return {
    role_id: '2',
    username: `Alpenhof ${suffix}`,
    email: `office-${suffix}@alpenhof.example`,
    phone_number: '+43 512 123456',
    region_id: '2',
    password: 'Geheim123!',
    confirmPassword: 'Geheim123!',
    firstName: 'Maria',
    lastName: 'Huber',
    bday: '1980-04-12',
    id_front: file(PNG, 'ausweis-vorne.png', 'image/png'),
    id_back: file(JPEG, 'ausweis-hinten.jpg', 'image/jpeg'),
    id_additional: file(PNG, 'gewerbeschein.png', 'image/png'),
    company_name: `Alpenhof GmbH ${suffix}`,
    description: 'Wellness mitten in den Bergen.',
    url: 'www.alpenhof.example',
    vat_number: 'ATU12345678',
    address: 'Dorfstraße 1',
    city: 'Innsbruck',
    zip_code: '6020',
    iban: 'AT61 1904 3002 3457 3201',
    bic: 'BKAUATWW',
    dataPrivacy: 'true',
    terms: 'true',
    commission: 'true',
    ...overrides,
  };
}

/** Posts real multipart form data, the way the browser does. */
async function register(fields: Record<string, string | FilePart | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const response = await fetch(new URL('auth/register', inject('apiUrl')), { method: 'POST', body: form });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}

const s3 = () => s3Client();

async function privateKeys(prefix = 'verification/'): Promise<string[]> {
  const { Contents = [] } = await s3().send(new ListObjectsV2Command({ Bucket: env().PRIVATE_BUCKET, Prefix: prefix }));
  return Contents.map((c) => c.Key ?? '').sort();
}

async function mediaKeys(): Promise<string[]> {
  const { Contents = [] } = await s3().send(new ListObjectsV2Command({ Bucket: env().MEDIA_BUCKET }));
  return Contents.map((c) => c.Key ?? '');
}

const verifications = () => createVerificationRepository(documentClient(), env().TABLE_NAME);
const payoutAccounts = () => createPayoutAccountRepository(documentClient(), env().TABLE_NAME);

describe('seller registration (POST auth/register, multipart)', () => {
  it('creates a not-activated seller with company, verification and payout items; the documents stay private', async () => {
    const fields = sellerFields();
    const res = await register(fields);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(SELLER_TEXT.registered);
    expect(res.body.token).toEqual(expect.any(String));
    const user = res.body.user;
    expect(user).toMatchObject({
      username: fields.username,
      email: String(fields.email),
      role_id: 2,
      user_role: { role: { id: 2, name: 'seller' } },
      isActivated: false,
      is_partner: false,
      region_id: 2,
      detail: {
        firstName: 'Maria',
        lastName: 'Huber',
        phone_number: '+43512123456',
        city: 'Innsbruck',
        zip_code: '6020',
      },
      company: {
        name: fields.company_name,
        url: 'https://www.alpenhof.example',
        region_id: 2,
        region: 'Innsbruck und Umgebung',
      },
    });
    // No document key or bucket path leaves the server.
    expect(JSON.stringify(res.body)).not.toContain('verification/');

    const keys = await privateKeys(`verification/${user.id}/`);
    expect(keys).toHaveLength(3);
    expect(keys.find((k) => k.includes('/front-'))).toMatch(
      new RegExp(`^verification/${user.id}/front-[\\w-]+\\.png$`),
    );
    expect(keys.find((k) => k.includes('/back-'))).toMatch(/\.jpg$/);
    expect(keys.find((k) => k.includes('/additional-'))).toMatch(/\.png$/);
    const front = await s3().send(
      new GetObjectCommand({ Bucket: env().PRIVATE_BUCKET, Key: keys.find((k) => k.includes('/front-')) }),
    );
    expect(front.ContentType).toBe('image/png');
    expect(Buffer.from(await front.Body!.transformToByteArray()).equals(PNG)).toBe(true);

    // Not in the media bucket, so the public /media/* path (CloudFront, locally the Vite proxy) cannot serve them.
    expect((await mediaKeys()).filter((k) => k.includes(user.id))).toEqual([]);
    for (const key of keys) {
      await expect(
        s3().send(new HeadObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: `media/${key}` })),
      ).rejects.toMatchObject({ name: 'NotFound' });
      const viaMediaPath = await fetch(`${env().S3_ENDPOINT}/${env().MEDIA_BUCKET}/media/${key}`);
      expect(viaMediaPath.status).toBe(404);
    }

    const verification = await verifications().get(user.id);
    expect(verification).toMatchObject({
      first_name: 'Maria',
      last_name: 'Huber',
      bday: '1980-04-12',
      status: 'submitted',
      verified_at: null,
    });
    expect([verification?.id_front_key, verification?.id_back_key, verification?.id_additional_key].sort()).toEqual(
      keys,
    );
    const payout = await payoutAccounts().get(user.id);
    expect(payout).toMatchObject({
      iban: 'AT611904300234573201',
      bic: 'BKAUATWW',
      account_holder: fields.company_name,
      payouts_enabled: false,
    });

    const { Item: profile } = await documentClient().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: { PK: `USER#${user.id}`, SK: 'PROFILE' } }),
    );
    expect(profile).toMatchObject({
      role: 'seller',
      origin: 'seller_registration',
      is_activated: false,
      bday: '1980-04-12',
      GSI1PK: 'ROLE#seller',
      consents: { dataPrivacy: expect.any(String), commission: expect.any(String) },
    });
    expect(profile).not.toHaveProperty('GSI3PK');

    // The seller can log in, and GET user/{id} shows the account as not activated, with its company.
    const login = await api('POST', 'auth/login', { body: { email: fields.email, password: fields.password } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: user.id, isActivated: false, company: { name: fields.company_name } });
    const me = await api('GET', `user/${user.id}`, { token: login.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: user.id,
      isActivated: false,
      role_id: 2,
      company: { name: fields.company_name, description: 'Wellness mitten in den Bergen.' },
    });
  });

  it('refuses a taken username or e-mail with 422 and leaves no files or items behind', async () => {
    const first = sellerFields();
    expect((await register(first)).status).toBe(201);
    const before = await privateKeys();

    const sameUsername = sellerFields({ username: String(first.username).toUpperCase() });
    const res = await register(sameUsername);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: [MSG.usernameTaken] });

    const sameEmail = await register(sellerFields({ email: first.email }));
    expect(sameEmail.status).toBe(422);
    expect(sameEmail.body.errors).toEqual({ email: [MSG.emailTaken] });

    expect(await privateKeys()).toEqual(before);
    // The refused attempt reserved nothing: its e-mail is still free and cannot log in.
    expect(
      (await api('POST', 'auth/unique', { body: { field: 'email', model: 'user', entity: sameUsername.email } }))
        .status,
    ).toBe(200);
    expect(
      (await api('POST', 'auth/login', { body: { email: sameUsername.email, password: 'Geheim123!' } })).status,
    ).toBe(401);
  });

  it('lets exactly one of two racing registrations of one username win and deletes the loser’s uploaded files', async () => {
    const username = `Rennen ${randomUUID().slice(0, 8)}`;
    const before = await privateKeys();
    const results = await Promise.all([register(sellerFields({ username })), register(sellerFields({ username }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const winner = results.find((r) => r.status === 201)!.body.user.id as string;
    const added = (await privateKeys()).filter((k) => !before.includes(k));
    expect(added).toHaveLength(3);
    expect(added.every((k) => k.startsWith(`verification/${winner}/`))).toBe(true);
  });

  it('accepts only real JPEG or PNG files for the ID documents', async () => {
    const before = await privateKeys();
    const gif = await register(sellerFields({ id_front: file(GIF, 'ausweis.gif', 'image/gif') }));
    expect(gif.status).toBe(422);
    expect(gif.body.errors).toEqual({ id_front: [SELLER_TEXT.documentType] });

    // A text file renamed to .png passes the name check but not the byte check.
    const renamed = await register(
      sellerFields({ id_back: file(Buffer.from('Dies ist kein Foto, nur Text.'), 'ausweis.png', 'image/png') }),
    );
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ id_back: [SELLER_TEXT.documentType] });

    // A real PNG with HTML after its IEND starts right but is no image from first to last byte.
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    const refused = await register(sellerFields({ id_front: file(polyglot, 'ausweis.png', 'image/png') }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ id_front: [IMAGE_DAMAGED] });

    const missing = await register(sellerFields({ id_front: undefined, id_back: '' }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ id_front: [MSG.required], id_back: [MSG.required] });
    expect(await privateKeys()).toEqual(before);
  });

  it('registers a partner without documents, company and payout data', async () => {
    const suffix = randomUUID().slice(0, 8);
    const fields = {
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
    };
    const res = await register(fields);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(SELLER_TEXT.registered);
    expect(res.body.user).toMatchObject({
      username: fields.username,
      role_id: 2,
      is_partner: true,
      isActivated: false,
      company: null,
    });
    const id = res.body.user.id as string;
    expect(await privateKeys(`verification/${id}/`)).toEqual([]);
    expect(await verifications().get(id)).toBeUndefined();
    expect(await payoutAccounts().get(id)).toBeUndefined();
    // Partners are listed in the PARTNERS index (data-model §2).
    const { Item: profile } = await documentClient().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: { PK: `USER#${id}`, SK: 'PROFILE' } }),
    );
    expect(profile).toMatchObject({
      is_partner: true,
      origin: 'partner_registration',
      GSI3PK: 'PARTNERS',
      GSI3SK: fields.username.toLowerCase(),
      consents: { commission: null },
    });
    expect(
      (await api('POST', 'auth/login', { body: { email: fields.email, password: fields.password } })).body.user
        .is_partner,
    ).toBe(true);
  });

  it('requires the consents and answers invalid payout data in German', async () => {
    const res = await register(
      sellerFields({
        dataPrivacy: undefined,
        terms: 'false',
        commission: undefined,
        iban: 'AT61 1904 3002 3457 3202',
        bic: 'XYZ',
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      dataPrivacy: [MSG.required],
      terms: [MSG.required],
      commission: [MSG.required],
      iban: [SELLER_TEXT.ibanInvalid],
      bic: [SELLER_TEXT.bicInvalid],
    });
    const young = await register(sellerFields({ bday: '2015-06-01', phone_number: 'abc' }));
    expect(young.body.errors).toEqual({ bday: [SELLER_TEXT.tooYoung], phone_number: [MSG.numeric] });
  });

  it('refuses a body over 6 MB with a German 413 and stores nothing', async () => {
    const before = await privateKeys();
    const huge = file(Buffer.concat([PNG, randomBytes(4.7 * 1024 * 1024)]), 'riesig.png', 'image/png');
    const res = await register(sellerFields({ id_front: huge }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(REQUEST_TOO_LARGE);
    expect(await privateKeys()).toEqual(before);
  });

  it('keeps buyer registration by form data working', async () => {
    const suffix = randomUUID().slice(0, 8);
    const res = await register({
      username: `anna-${suffix}`,
      firstName: 'Anna',
      lastName: 'Muster',
      email: `anna-${suffix}@example.com`,
      password: 'Geheim123!',
      confirmPassword: 'Geheim123!',
      dataPrivacy: '1',
      terms: '1',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ role_id: 3, isActivated: true });
  });
});
