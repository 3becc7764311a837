import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { IMAGE_DAMAGED, IMAGE_TOO_MANY_PIXELS, MAX_PHOTO_BYTES } from '@gm/shared/uploads/contracts';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import {
  checkUpload,
  postToGrant,
  testJpeg,
  testPng,
  uploadImageBytes,
  uploadUncheckedBytes,
  type UploadGrant,
} from '../../../../scripts/test/uploads.ts';
import { s3Client } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { uploads } from '../../lib/deps.ts';
import type { Actor } from '../../lib/auth.ts';
import { INVALID_UPLOAD, NOT_AN_IMAGE } from './image-uploads.ts';

const PNG = testPng();
const HTML = new TextEncoder().encode('<html><body><script>fetch("/api/v1/user")</script></body></html>');
const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

let seller: TestAccount;
let other: TestAccount;
let admin: TestAccount;
const actorOf = (a: TestAccount): Actor => ({ userId: a.userId, role: a.role, roleId: 2, email: a.email });

async function grant(account: TestAccount, contentType = 'image/png', size = PNG.length, purpose = 'template') {
  const answer = await api<UploadGrant>('POST', 'upload/image', {
    token: account.token,
    body: { purpose, content_type: contentType, size },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function privateObjectExists(key: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: env().PRIVATE_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

/** Every object key under media/templates/ (one page: fail loudly rather than compare half a listing). */
async function publicTemplateKeys(): Promise<Set<string>> {
  const page = await s3Client().send(
    new ListObjectsV2Command({ Bucket: env().MEDIA_BUCKET, Prefix: 'media/templates/', MaxKeys: 1000 }),
  );
  expect(page.IsTruncated).toBeFalsy();
  return new Set((page.Contents ?? []).map((object) => object.Key!));
}

beforeAll(async () => {
  [seller, other, admin] = await Promise.all([
    createTestAccount('seller'),
    createTestAccount('seller'),
    createTestAccount('admin'),
  ]);
});

describe('the presigned POST', () => {
  it('binds the exact key, the exact Content-Type and 1 byte to 10 MB in its signed policy', async () => {
    const answer = await grant(seller, 'image/jpeg', 1234, 'voucher-background');
    expect(answer).toMatchObject({ method: 'POST', expires_in: 15 * 60 });
    expect(answer.upload_url).toMatch(new RegExp(`/${env().PRIVATE_BUCKET}/?$`));
    const { fields } = answer;
    expect(fields.key).toBe(`uploads/${seller.userId}/${answer.upload_id}.jpg`);
    expect(fields['Content-Type']).toBe('image/jpeg');
    expect(fields).toMatchObject({ 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    expect(fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, MAX_PHOTO_BYTES],
        ['eq', '$Content-Type', 'image/jpeg'],
        { key: fields.key },
        { bucket: env().PRIVATE_BUCKET },
      ]),
    );
    // No condition lets the key or the type vary (starts-with would).
    expect(JSON.stringify(policy.conditions)).not.toContain('starts-with');
    const lifetime = Date.parse(policy.expiration) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000);
  });

  it('stores the posted file under its key with the granted type', async () => {
    const answer = await grant(seller, 'image/png', PNG.length, 'voucher-background');
    expect((await postToGrant(answer, PNG, 'image/png')).status).toBe(204);
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: env().PRIVATE_BUCKET, Key: answer.fields.key }),
    );
    expect(object.ContentType).toBe('image/png');
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(Buffer.from(PNG))).toBe(true);
  });
});

describe('image uploads', () => {
  it('publishes an uploaded PNG into the media bucket once', async () => {
    const id = await uploadImageBytes(seller.token, 'voucher-background', PNG);
    const url = await uploads().publish(actorOf(seller), id, 'voucher-background', `vouchers/test/${id}`);
    expect(url).toBe(`/media/vouchers/test/${id}.png`);
    const object = await s3Client().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: url.slice(1) }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(Buffer.from(PNG))).toBe(true);
    expect(object.ContentType).toBe('image/png');
    await expect(
      uploads().publish(actorOf(seller), id, 'voucher-background', 'vouchers/test/again'),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  it('refuses another user’s upload, the wrong purpose and files that are not images', async () => {
    const id = await uploadImageBytes(seller.token, 'voucher-background', PNG);
    await expect(uploads().publish(actorOf(other), id, 'voucher-background', 'x/y')).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(uploads().publish(actorOf(seller), id, 'template', 'x/y')).rejects.toMatchObject({ statusCode: 422 });
    const fake = await uploadUncheckedBytes(
      seller.token,
      'voucher-background',
      new TextEncoder().encode('GIF89a not a png at all'),
    );
    const refused = await checkUpload(seller.token, fake);
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.upload_id).toEqual([NOT_AN_IMAGE]);
    await expect(uploads().publish(actorOf(seller), fake, 'voucher-background', 'x/z')).rejects.toMatchObject({
      errors: { upload_id: [INVALID_UPLOAD] },
    });
  });

  it('checks an upload for its owner only, once, and answers a second check the same', async () => {
    const id = await uploadUncheckedBytes(seller.token, 'voucher-background', testPng({ width: 30, height: 20 }));
    expect((await checkUpload(other.token, id)).body.errors?.upload_id).toEqual([INVALID_UPLOAD]);
    const first = await checkUpload(seller.token, id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ upload_id: id, width: 30, height: 20 });
    const again = await checkUpload(seller.token, id);
    expect([again.status, again.body]).toEqual([200, first.body]);
    expect((await api('POST', `upload/image/${id}/check`)).status).toBe(401);
  });

  it('validates the grant request in German and keeps guests out', async () => {
    const tooBig = await api('POST', 'upload/image', {
      token: seller.token,
      body: { purpose: 'template', content_type: 'image/png', size: 11 * 1024 * 1024 },
    });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.size).toEqual(['Achtung: Fotos zu groß!']);
    const gif = await api('POST', 'upload/image', {
      token: seller.token,
      body: { purpose: 'template', content_type: 'image/gif', size: 10 },
    });
    expect(gif.body.errors.content_type).toEqual(['Nur .jpeg, .jpg oder .png Dateien sind erlaubt.']);
    expect(
      (await api('POST', 'upload/image', { body: { purpose: 'template', content_type: 'image/png', size: 10 } }))
        .status,
    ).toBe(401);
  });
});

describe('uploads checked by decoding (POST upload/image/{id}/check), then saved (POST template)', () => {
  const save = (uploadId: string) =>
    api('POST', 'template', {
      token: admin.token,
      body: { name: `Vorlage ${randomUUID().slice(0, 8)}`, image_upload_id: uploadId },
    });

  it('accepts a valid PNG and a valid JPEG and publishes exactly the uploaded bytes', async () => {
    for (const [bytes, type] of [
      [testPng({ width: 400, height: 300 }), 'image/png'],
      [testJpeg({ width: 400, height: 300 }), 'image/jpeg'],
    ] as const) {
      const saved = await save(await uploadImageBytes(admin.token, 'template', bytes, type));
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const image = saved.body.data.image as string;
      expect(image).toMatch(type === 'image/png' ? /\.png$/ : /\.jpg$/);
      const object = await s3Client().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: image.slice(1) }));
      expect(object.ContentType).toBe(type);
      expect(Buffer.from(await object.Body!.transformToByteArray()).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('refuses a PNG+HTML polyglot with 422 in German, publishes nothing and deletes the upload', async () => {
    const before = await publicTemplateKeys();
    for (const polyglot of [concat(PNG, HTML), concat(PNG.subarray(0, 33), HTML)]) {
      const answer = await grant(admin, 'image/png', polyglot.length);
      expect((await postToGrant(answer, polyglot, 'image/png')).ok).toBe(true);
      expect(await privateObjectExists(answer.fields.key!)).toBe(true);

      const refused = await checkUpload(admin.token, answer.upload_id);
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.upload_id).toEqual([IMAGE_DAMAGED]);
      expect(await privateObjectExists(answer.fields.key!)).toBe(false);
      // Saving it anyway, or checking again, finds nothing to publish.
      expect((await save(answer.upload_id)).body.errors.upload_id).toEqual([INVALID_UPLOAD]);
      expect((await checkUpload(admin.token, answer.upload_id)).body.errors?.upload_id).toEqual([INVALID_UPLOAD]);
    }
    expect(await publicTemplateKeys()).toEqual(before);
  });

  it('refuses HTML sent as .png, a truncated image and too many pixels at the check', async () => {
    const before = await publicTemplateKeys();
    const check = async (bytes: Uint8Array<ArrayBuffer>, type = 'image/png') => {
      const id = await uploadUncheckedBytes(admin.token, 'template', bytes, type);
      const answer = await checkUpload(admin.token, id);
      expect(answer.status).toBe(422);
      expect((await save(id)).body.errors.upload_id).toEqual([INVALID_UPLOAD]);
      return answer.body.errors?.upload_id;
    };
    expect(await check(HTML)).toEqual([NOT_AN_IMAGE]);
    const jpeg = testJpeg({ width: 200, height: 100 });
    expect(await check(jpeg.slice(0, jpeg.length - 50), 'image/jpeg')).toEqual([IMAGE_DAMAGED]);
    expect(await check(testPng({ width: 4097, height: 2 }))).toEqual([IMAGE_TOO_MANY_PIXELS]);
    expect(await publicTemplateKeys()).toEqual(before);
  });

  it('refuses to save an upload that was never checked, and keeps it for the check', async () => {
    const before = await publicTemplateKeys();
    const id = await uploadUncheckedBytes(admin.token, 'template', PNG);
    const refused = await save(id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.upload_id).toEqual([INVALID_UPLOAD]);
    expect(await publicTemplateKeys()).toEqual(before);
    expect((await checkUpload(admin.token, id)).status).toBe(200);
    expect((await save(id)).status).toBe(201);
  });

  it('refuses and deletes a file replaced after the check (the presigned POST is still valid)', async () => {
    const before = await publicTemplateKeys();
    const answer = await grant(admin, 'image/png', PNG.length);
    expect((await postToGrant(answer, PNG, 'image/png')).ok).toBe(true);
    expect((await checkUpload(admin.token, answer.upload_id)).status).toBe(200);
    const replacement = concat(PNG, HTML);
    expect((await postToGrant(answer, replacement, 'image/png')).ok).toBe(true);
    const refused = await save(answer.upload_id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.upload_id).toEqual([INVALID_UPLOAD]);
    expect(await privateObjectExists(answer.fields.key!)).toBe(false);
    expect(await publicTemplateKeys()).toEqual(before);
  });
});
