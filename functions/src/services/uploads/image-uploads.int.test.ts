import { GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { s3Client } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { uploads } from '../../lib/deps.ts';
import type { Actor } from '../../lib/auth.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
let seller: TestAccount;
let other: TestAccount;
const actorOf = (a: TestAccount): Actor => ({ userId: a.userId, role: a.role, roleId: 2, email: a.email });

async function grantAndPut(
  account: TestAccount,
  body: Uint8Array<ArrayBuffer>,
  contentType = 'image/png',
  purpose = 'voucher-background',
) {
  const grant = await api('POST', 'upload/image', {
    token: account.token,
    body: { purpose, content_type: contentType, size: body.length },
  });
  expect(grant.status).toBe(201);
  const put = await fetch(grant.body.upload_url, {
    method: 'PUT',
    headers: grant.body.headers,
    body: new Blob([body]),
  });
  expect(put.ok).toBe(true);
  return grant.body.upload_id as string;
}

beforeAll(async () => {
  seller = await createTestAccount('seller');
  other = await createTestAccount('seller');
});

describe('image uploads', () => {
  it('publishes an uploaded PNG into the media bucket once', async () => {
    const id = await grantAndPut(seller, PNG);
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
    const id = await grantAndPut(seller, PNG);
    await expect(uploads().publish(actorOf(other), id, 'voucher-background', 'x/y')).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(uploads().publish(actorOf(seller), id, 'template', 'x/y')).rejects.toMatchObject({ statusCode: 422 });
    const fake = await grantAndPut(seller, new TextEncoder().encode('GIF89a not a png at all'));
    await expect(uploads().publish(actorOf(seller), fake, 'voucher-background', 'x/z')).rejects.toMatchObject({
      errors: { upload_id: ['Nur .jpeg, .jpg oder .png Dateien sind erlaubt.'] },
    });
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
