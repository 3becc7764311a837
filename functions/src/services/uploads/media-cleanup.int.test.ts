import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@gm/shared/auth/roles';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { issueOwnedVoucher } from '../../../../scripts/test/owned-voucher.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { createS3PrivateFiles } from '../../adapters/private-files.ts';
import type { Actor } from '../../lib/auth.ts';
import { documentClient, s3Client } from '../../lib/clients.ts';
import {
  audit,
  clock,
  companies,
  identity,
  newId,
  newToken,
  payoutAccounts,
  personalisations,
  profiles,
  templates,
  uploads,
  users,
  userVouchers,
  verifications,
  vouchers,
} from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { ProfileWriteRefused } from '../../repositories/profile-repository.ts';
import { createUploadRepository } from '../../repositories/upload-repository.ts';
import { updateProfile } from '../profile/update-profile.ts';
import { personaliseVoucher } from '../wallet/personalise-voucher.ts';
import { createImageUploads } from './image-uploads.ts';
import { testJpeg, testPng, uploadImageBytes } from '../../../../scripts/test/uploads.ts';

/** Real images: the service decodes every upload before publishing it. */
const JPEG = testJpeg();
const PNG = testPng();

async function upload(
  account: TestAccount,
  purpose: string,
  bytes: Uint8Array<ArrayBuffer> = JPEG,
  contentType = 'image/jpeg',
): Promise<string> {
  return uploadImageBytes(account.token, purpose, bytes, contentType);
}

/** Whether the media bucket holds the object behind a `/media/…` URL path. */
async function exists(urlPath: string | null | undefined): Promise<boolean> {
  expect(urlPath).toMatch(/^\/media\//);
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: urlPath!.slice(1) }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound' || (error as { name?: string }).name === 'NoSuchKey')
      return false;
    throw error;
  }
}

/** All media objects under a folder, as URL paths (a handful per test: one page). */
async function mediaUnder(folder: string): Promise<string[]> {
  const listed = await s3Client().send(
    new ListObjectsV2Command({ Bucket: env().MEDIA_BUCKET, Prefix: `media/${folder}/` }),
  );
  return (listed.Contents ?? []).map((o) => `/${o.Key}`).sort();
}

const actorOf = (account: TestAccount): Actor => ({
  userId: account.userId,
  role: account.role,
  roleId: ROLE_IDS[account.role],
  email: account.email,
});

describe('replaced personalisation photos', () => {
  let buyer: TestAccount;
  beforeAll(async () => {
    buyer = await createTestAccount('user');
  });

  const form = (overrides: Record<string, unknown>) => ({
    background: 'custom',
    text_color: '#ffffff',
    note: 'Alles Gute!',
    price_hidden: true,
    ...overrides,
  });

  it('a new photo deletes the old object and keeps the new one; switching to a template deletes the photo', async () => {
    const uv = await issueOwnedVoucher(buyer.userId);
    const first = await api('POST', `user-voucher/${uv.id}`, {
      token: buyer.token,
      body: form({ custom_image_upload_id: await upload(buyer, 'personalisation'), version: 1 }),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const oldPhoto = first.body.data.personalisation.custom_image as string;
    expect(await exists(oldPhoto)).toBe(true);

    const second = await api('POST', `user-voucher/${uv.id}`, {
      token: buyer.token,
      body: form({ custom_image_upload_id: await upload(buyer, 'personalisation'), version: 2 }),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const newPhoto = second.body.data.personalisation.custom_image as string;
    expect(newPhoto).not.toBe(oldPhoto);
    expect(await exists(oldPhoto)).toBe(false);
    expect(await mediaUnder(`user-vouchers/${uv.id}`)).toEqual([newPhoto]);

    // Saving without a new upload keeps the photo.
    const keep = await api('POST', `user-voucher/${uv.id}`, {
      token: buyer.token,
      body: form({ note: 'Neu', version: 3 }),
    });
    expect(keep.body.data.personalisation.custom_image).toBe(newPhoto);
    expect(await exists(newPhoto)).toBe(true);

    const templateId = `t-${randomUUID()}`;
    const now = new Date().toISOString();
    await templates().create({
      id: templateId,
      name: 'Herbst',
      image: `/media/templates/${templateId}/bg.jpg`,
      status: true,
      created_at: now,
      updated_at: now,
    });
    const templ = await api('POST', `user-voucher/${uv.id}`, {
      token: buyer.token,
      body: form({ background: 'template', template_id: templateId, version: 4 }),
    });
    expect(templ.status).toBe(200);
    expect(await mediaUnder(`user-vouchers/${uv.id}`)).toEqual([]);
  });

  it('a failed save deletes nothing stored: the old photo stays, only the photo it had just published goes', async () => {
    const uv = await issueOwnedVoucher(buyer.userId);
    const saved = await api('POST', `user-voucher/${uv.id}`, {
      token: buyer.token,
      body: form({ custom_image_upload_id: await upload(buyer, 'personalisation'), version: 1 }),
    });
    const photo = saved.body.data.personalisation.custom_image as string;
    const stored = await userVouchers().get(uv.id);

    const failing = {
      userVouchers: userVouchers(),
      templates: templates(),
      uploads: uploads(),
      newToken: newToken(),
      clock: clock(),
      personalisations: {
        saveUserVoucherDesign: () => Promise.reject(new Error('DynamoDB unavailable')),
      },
    };
    const input = {
      ...form({ custom_image_upload_id: await upload(buyer, 'personalisation'), version: 2 }),
      note: 'Neu',
    } as Parameters<typeof personaliseVoucher>[3];
    await expect(
      personaliseVoucher(failing as unknown as Parameters<typeof personaliseVoucher>[0], actorOf(buyer), uv.id, input),
    ).rejects.toThrow('DynamoDB unavailable');

    expect(await userVouchers().get(uv.id)).toEqual(stored);
    expect(await mediaUnder(`user-vouchers/${uv.id}`)).toEqual([photo]);
  });

  it('two saves racing on one version: one wins, the old photo and the loser’s photo are gone, the winner’s stays', async () => {
    const uv = await issueOwnedVoucher(buyer.userId);
    const saved = await api('POST', `user-voucher/${uv.id}`, {
      token: buyer.token,
      body: form({ custom_image_upload_id: await upload(buyer, 'personalisation'), version: 1 }),
    });
    const oldPhoto = saved.body.data.personalisation.custom_image as string;
    const [a, b] = await Promise.all([upload(buyer, 'personalisation'), upload(buyer, 'personalisation')]);
    const answers = await Promise.all(
      [a, b].map((uploadId) =>
        api('POST', `user-voucher/${uv.id}`, {
          token: buyer.token,
          body: form({ custom_image_upload_id: uploadId, version: 2 }),
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!.body.data.personalisation.custom_image as string;
    expect((await userVouchers().get(uv.id))?.personalisation?.custom_image).toBe(winner);
    expect(await exists(oldPhoto)).toBe(false);
    expect(await mediaUnder(`user-vouchers/${uv.id}`)).toEqual([winner]);
  });

  it('a clean-up that fails never fails the save (best effort, logged)', async () => {
    const uv = await issueOwnedVoucher(buyer.userId);
    const first = await api('POST', `user-voucher/${uv.id}`, {
      token: buyer.token,
      body: form({ custom_image_upload_id: await upload(buyer, 'personalisation'), version: 1 }),
    });
    const oldPhoto = first.body.data.personalisation.custom_image as string;
    const brokenMedia = createImageUploads({
      uploadRecords: createUploadRepository(documentClient(), env().TABLE_NAME),
      privateFiles: createS3PrivateFiles(s3Client(), env().PRIVATE_BUCKET, env().MEDIA_BUCKET),
      media: { deleteMany: () => Promise.reject(new Error('S3 unavailable')) },
      clock: clock(),
      newToken: newToken(),
    });
    const deps = {
      userVouchers: userVouchers(),
      personalisations: personalisations(),
      templates: templates(),
      uploads: brokenMedia,
      newToken: newToken(),
      clock: clock(),
    };
    const input = form({ custom_image_upload_id: await upload(buyer, 'personalisation'), version: 2 }) as Parameters<
      typeof personaliseVoucher
    >[3];
    const answer = await personaliseVoucher(deps, actorOf(buyer), uv.id, input);
    expect(answer.data.version).toBe(3);
    expect(answer.data.personalisation.custom_image).not.toBe(oldPhoto);
    expect(await exists(oldPhoto)).toBe(true);
  });
});

describe('replaced seller images (profile save)', () => {
  let seller: TestAccount;
  beforeAll(async () => {
    seller = await createTestAccount('seller', { phone_number: '+43512123456', region_id: 2 });
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as in scripts/test/api.ts
  const sellerForm = (profile: Record<string, any>, changes: Record<string, unknown>) => ({
    section: 'profile',
    version: profile.version,
    username: profile.username,
    email: profile.email,
    phone_number: profile.detail.phone_number,
    region_id: profile.region_id ?? 2,
    order_email: '',
    company_name: profile.company?.name ?? `Alpenhof ${seller.userId.slice(-8)}`,
    description: '',
    url: '',
    vat_number: '',
    address: 'Hauptplatz 1',
    zip_code: '6020',
    city: 'Innsbruck',
    iban: '',
    bic: '',
    ...changes,
  });
  const profileOf = async () => (await api('GET', `user/${seller.userId}`, { token: seller.token })).body;
  const save = async (changes: Record<string, unknown>) =>
    api('POST', `user/${seller.userId}`, { token: seller.token, body: sellerForm(await profileOf(), changes) });

  it('a new cover deletes the old cover; a replaced logo stays because sold voucher snapshots show it', async () => {
    const first = await save({
      logo_upload_id: await upload(seller, 'company-logo', PNG, 'image/png'),
      header_logo_upload_id: await upload(seller, 'company-cover'),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await companies().getBySeller(seller.userId);
    expect(await exists(before?.logo)).toBe(true);
    expect(await exists(before?.header_logo)).toBe(true);

    const second = await save({
      logo_upload_id: await upload(seller, 'company-logo', PNG, 'image/png'),
      header_logo_upload_id: await upload(seller, 'company-cover'),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const after = await companies().getBySeller(seller.userId);
    expect(after?.logo).not.toBe(before?.logo);
    expect(after?.header_logo).not.toBe(before?.header_logo);
    expect(await exists(after?.logo)).toBe(true);
    expect(await exists(after?.header_logo)).toBe(true);
    expect(await exists(before?.header_logo)).toBe(false);
    expect(await exists(before?.logo)).toBe(true);

    // A save without new images deletes nothing.
    expect((await save({ city: 'Hall' })).status).toBe(200);
    expect(await mediaUnder(`companies/${seller.userId}`)).toEqual(
      [before!.logo, after!.logo, after!.header_logo].sort(),
    );
  });

  it('a failed save deletes nothing stored: the current logo and cover stay, the images it had published go', async () => {
    const current = await companies().getBySeller(seller.userId);
    expect(current?.header_logo).toBeTruthy();
    const objects = await mediaUnder(`companies/${seller.userId}`);
    const refusing = {
      users: users(),
      companies: companies(),
      verifications: verifications(),
      payoutAccounts: payoutAccounts(),
      profiles: { ...profiles(), save: () => Promise.reject(new ProfileWriteRefused('version')) },
      uploads: uploads(),
      documents: {
        put: () => Promise.resolve(),
        remove: () => Promise.resolve(),
        removeAll: () => Promise.resolve(),
        presignGet: () => Promise.resolve(''),
      },
      vouchers: vouchers(),
      identity: identity(),
      clock: clock(),
      newId: newId(),
      newToken: newToken(),
      audit: audit(),
    };
    const body = sellerForm(await profileOf(), {
      logo_upload_id: await upload(seller, 'company-logo', PNG, 'image/png'),
      header_logo_upload_id: await upload(seller, 'company-cover'),
    });
    await expect(
      updateProfile(refusing as Parameters<typeof updateProfile>[0], actorOf(seller), seller.userId, body),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await companies().getBySeller(seller.userId)).toEqual(current);
    expect(await mediaUnder(`companies/${seller.userId}`)).toEqual(objects);
  });
});

describe('voucher images stay (sold snapshots show them)', () => {
  it('a new background leaves the old background object in place', async () => {
    const seller = await createTestAccount('seller');
    const voucherId = `v-cleanup-${randomUUID().slice(0, 8)}`;
    await putVouchers(testVoucher(voucherId, seller.userId));
    const set = async () => {
      const res = await api('POST', `voucher/upload-bg-img/${voucherId}`, {
        token: seller.token,
        body: { upload_id: await upload(seller, 'voucher-background', PNG, 'image/png') },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.background_image as string;
    };
    const first = await set();
    const second = await set();
    expect(second).not.toBe(first);
    expect(await exists(first)).toBe(true);
    expect(await exists(second)).toBe(true);
  });
});

describe('replaced template images (admin)', () => {
  it('a new template image deletes the old one (personalisations name the template, not its image)', async () => {
    const admin = await createTestAccount('admin');
    const created = await api('POST', 'template', {
      token: admin.token,
      body: { name: `Herbst ${randomUUID().slice(0, 6)}`, image_upload_id: await upload(admin, 'template') },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const oldImage = created.body.data.image as string;
    expect(await exists(oldImage)).toBe(true);
    const renamed = await api('POST', `template/${created.body.data.id}`, {
      token: admin.token,
      body: { name: 'Nur umbenannt' },
    });
    expect(renamed.status).toBe(200);
    expect(await exists(oldImage)).toBe(true);
    const updated = await api('POST', `template/${created.body.data.id}`, {
      token: admin.token,
      body: { name: 'Winter', image_upload_id: await upload(admin, 'template') },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.image).not.toBe(oldImage);
    expect(await exists(oldImage)).toBe(false);
    expect(await exists(updated.body.data.image)).toBe(true);
  });
});
