import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from '@gm/shared/uploads/contracts';
import { PERSONALISE_TEXT } from '@gm/shared/wallet/personalisation';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { issueOwnedVoucher } from '../../../../scripts/test/owned-voucher.ts';
import { s3Client } from '../../lib/clients.ts';
import { templates, userVouchers } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { checkUpload, testJpeg, uploadImageBytes, uploadUncheckedBytes } from '../../../../scripts/test/uploads.ts';

/** A real JPEG: the service decodes every upload before publishing it. */
const JPEG = testJpeg();

let buyer: TestAccount;
let other: TestAccount;

async function upload(
  account: TestAccount,
  bytes: Uint8Array<ArrayBuffer> = JPEG,
  declaredSize = bytes.length,
): Promise<string> {
  return uploadImageBytes(account.token, 'personalisation', bytes, 'image/jpeg', declaredSize);
}

const personalise = (account: TestAccount, id: string, body: Record<string, unknown>) =>
  api('POST', `user-voucher/${id}`, { token: account.token, body });
const form = (overrides: Record<string, unknown> = {}) => ({
  background: 'default',
  text_color: '#ffffff',
  note: 'Alles Gute!',
  price_hidden: true,
  version: 1,
  ...overrides,
});

async function activeTemplate(status = true) {
  const id = `t-${randomUUID()}`;
  const now = new Date().toISOString();
  await templates().create({
    id,
    name: 'Herbst',
    image: `/media/templates/${id}/bg.jpg`,
    status,
    created_at: now,
    updated_at: now,
  });
  return id;
}

beforeAll(async () => {
  buyer = await createTestAccount('user');
  other = await createTestAccount('user');
});

describe('personalise a bought voucher', () => {
  it('saves the own photo, message, colour and Preis verstecken; the photo is published and the version goes up', async () => {
    const uv = await issueOwnedVoucher(buyer.userId);
    const uploadId = await upload(buyer);
    const answer = await personalise(
      buyer,
      uv.id,
      form({
        background: 'custom',
        custom_image_upload_id: uploadId,
        note: '  Für dich, Mama!  ',
        text_color: '#ff5563',
        price_hidden: false,
      }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const saved = answer.body.data;
    expect(saved).toMatchObject({
      id: uv.id,
      version: 2,
      personalisation: { note: 'Für dich, Mama!', text_color: '#ff5563', price_hidden: false, template_id: null },
    });
    expect(saved.personalisation.custom_image).toMatch(
      new RegExp(`^/media/user-vouchers/${uv.id}/[A-Za-z0-9_-]+\\.jpg$`),
    );

    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: saved.personalisation.custom_image.slice(1) }),
    );
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(Buffer.from(JPEG))).toBe(true);
    const stored = await userVouchers().get(uv.id);
    expect(stored).toMatchObject({
      version: 2,
      personalisation: {
        custom_image: saved.personalisation.custom_image,
        note: 'Für dich, Mama!',
        price_hidden: false,
      },
    });

    // Saving again without a new upload keeps the photo; switching to a template drops it.
    const keep = await personalise(buyer, uv.id, form({ background: 'custom', note: 'Neu', version: 2 }));
    expect(keep.body.data).toMatchObject({
      version: 3,
      personalisation: { custom_image: saved.personalisation.custom_image, note: 'Neu' },
    });
    const templateId = await activeTemplate();
    const templ = await personalise(
      buyer,
      uv.id,
      form({ background: 'template', template_id: templateId, version: 3 }),
    );
    expect(templ.body.data).toMatchObject({
      version: 4,
      personalisation: {
        template_id: templateId,
        template_image: `/media/templates/${templateId}/bg.jpg`,
        custom_image: null,
      },
    });
  });

  it('another buyer cannot personalise it: 404, the upload is not used up and nothing changes', async () => {
    const uv = await issueOwnedVoucher(buyer.userId);
    const uploadId = await upload(other);
    const answer = await personalise(other, uv.id, form({ background: 'custom', custom_image_upload_id: uploadId }));
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(PERSONALISE_TEXT.notFound);
    for (const path of [`user-voucher/upload-custom-image/${uv.id}`, `user-voucher/upload-template/${uv.id}`]) {
      expect(
        (
          await api('POST', path, {
            token: other.token,
            body: { upload_id: uploadId, template_id: await activeTemplate(), version: 1 },
          })
        ).status,
      ).toBe(404);
    }
    expect((await api('POST', 'user-voucher', { token: other.token, body: { id: uv.id, ...form() } })).status).toBe(
      404,
    );
    const stored = await userVouchers().get(uv.id);
    expect(stored?.version).toBe(1);
    expect(stored?.personalisation).toBeUndefined();
    // The other buyer's upload is still theirs to use on their own voucher.
    const own = await issueOwnedVoucher(other.userId);
    expect(
      (await personalise(other, own.id, form({ background: 'custom', custom_image_upload_id: uploadId }))).status,
    ).toBe(200);
    // Guests and sellers are kept out by role.
    expect((await api('POST', `user-voucher/${uv.id}`, { body: form() })).status).toBe(401);
    const seller = await createTestAccount('seller');
    expect((await personalise(seller, uv.id, form())).status).toBe(403);
  });

  it('refuses a message over 120 characters with the German message and saves nothing', async () => {
    const uv = await issueOwnedVoucher(buyer.userId);
    const answer = await personalise(buyer, uv.id, form({ note: 'x'.repeat(121) }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.note).toEqual(['Es dürfen maximal 120 Zeichen verwendet werden.']);
    expect((await personalise(buyer, uv.id, form({ note: 'x'.repeat(120) }))).status).toBe(200);
    expect((await userVouchers().get(uv.id))?.personalisation?.note).toBe('x'.repeat(120));
  });

  it('refuses photos over 10 MB: at the upload grant and when a larger file than declared was put', async () => {
    const grant = await api('POST', 'upload/image', {
      token: buyer.token,
      body: { purpose: 'personalisation', content_type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 },
    });
    expect(grant.status).toBe(422);
    expect(grant.body.errors.size).toEqual([PHOTO_TOO_LARGE]);

    const uv = await issueOwnedVoucher(buyer.userId);
    const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
    big.set(JPEG);
    const uploadId = await uploadUncheckedBytes(buyer.token, 'personalisation', big, 'image/jpeg', 1000);
    const checked = await checkUpload(buyer.token, uploadId);
    expect(checked.status).toBe(422);
    expect(checked.body.errors?.upload_id).toEqual([PHOTO_TOO_LARGE]);
    const answer = await personalise(buyer, uv.id, form({ background: 'custom', custom_image_upload_id: uploadId }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.upload_id).toEqual([PHOTO_TOO_LARGE]);
    const stored = await userVouchers().get(uv.id);
    expect(stored?.version).toBe(1);
    expect(stored?.personalisation).toBeUndefined();
  });

  it('two saves of the same version: exactly one wins, the other gets 409 and the winner’s design stays', async () => {
    const uv = await issueOwnedVoucher(buyer.userId);
    const answers = await Promise.all(
      ['Erste', 'Zweite', 'Dritte'].map((note) => personalise(buyer, uv.id, form({ note }))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data;
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(PERSONALISE_TEXT.stale);
    const stored = await userVouchers().get(uv.id);
    expect(stored).toMatchObject({ version: 2, personalisation: { note: winner.personalisation.note } });
    // A form loaded before the save is stale now.
    expect((await personalise(buyer, uv.id, form({ version: 1 }))).status).toBe(409);
  });

  it('checks templates, backgrounds and the voucher state', async () => {
    const uv = await issueOwnedVoucher(buyer.userId);
    const deleted = await activeTemplate(false);
    const gone = await personalise(buyer, uv.id, form({ background: 'template', template_id: deleted }));
    expect(gone.status).toBe(422);
    expect(gone.body.errors.template_id).toEqual([PERSONALISE_TEXT.templateMissing]);
    expect((await personalise(buyer, uv.id, form({ background: 'template' }))).body.errors.template_id).toEqual([
      'Dieses Feld muss ausgefüllt werden',
    ]);
    expect(
      (await personalise(buyer, uv.id, form({ background: 'custom' }))).body.errors.custom_image_upload_id,
    ).toEqual([PERSONALISE_TEXT.imageMissing]);
    expect((await personalise(buyer, uv.id, form({ text_color: 'red' }))).status).toBe(422);

    const redeemed = await issueOwnedVoucher(buyer.userId, { status: 'redeemed' });
    expect((await personalise(buyer, redeemed.id, form())).status).toBe(422);
    expect((await personalise(buyer, 'does-not-exist', form())).status).toBe(404);
  });

  it('upload-custom-image and upload-template change only the background; POST user-voucher takes the id in the body', async () => {
    const uv = await issueOwnedVoucher(buyer.userId);
    expect(
      (await personalise(buyer, uv.id, form({ note: 'Bleibt', text_color: '#1d7874', price_hidden: false }))).status,
    ).toBe(200);
    const photo = await api('POST', `user-voucher/upload-custom-image/${uv.id}`, {
      token: buyer.token,
      body: { upload_id: await upload(buyer), version: 2 },
    });
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    expect(photo.body.data).toMatchObject({
      version: 3,
      personalisation: {
        note: 'Bleibt',
        text_color: '#1d7874',
        price_hidden: false,
        custom_image: expect.stringMatching(/^\/media\/user-vouchers\//),
      },
    });
    const templateId = await activeTemplate();
    const templ = await api('POST', `user-voucher/upload-template/${uv.id}`, {
      token: buyer.token,
      body: { template_id: templateId, version: 3 },
    });
    expect(templ.body.data).toMatchObject({
      version: 4,
      personalisation: { note: 'Bleibt', template_id: templateId, custom_image: null },
    });
    const byBody = await api('POST', 'user-voucher', {
      token: buyer.token,
      body: { id: uv.id, ...form({ version: 4, note: 'Per Body' }) },
    });
    expect(byBody.body.data).toMatchObject({ version: 5, personalisation: { note: 'Per Body' } });
  });
});
