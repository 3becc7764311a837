import { describe, expect, it } from 'vitest';
import { IMAGE_DAMAGED } from '@gm/shared/uploads/contracts';
import type { PrivateFiles } from '../../adapters/private-files.ts';
import type { Actor } from '../../lib/auth.ts';
import type { UploadRecord, UploadRepository } from '../../repositories/upload-repository.ts';
import { checkImage } from './image-check.ts';
import { createImageUploads, INVALID_UPLOAD } from './image-uploads.ts';
import { testPng } from './test-images.ts';

const OWNER = { userId: 'user-1', role: 'seller', roleId: 2, email: 'a@example.org' } as unknown as Actor;

/** In-memory upload records and private bucket, with a counter of how often the decoder ran. */
function setup() {
  const records = new Map<string, UploadRecord>();
  const objects = new Map<string, Uint8Array>();
  const media = new Map<string, Uint8Array>();
  let decodes = 0;
  const uploadRecords: UploadRepository = {
    async put(record) {
      records.set(record.id, { ...record });
    },
    async get(id) {
      const record = records.get(id);
      return record && { ...record };
    },
    async markChecked(id, ownerId, check) {
      const record = records.get(id);
      if (!record || record.owner_id !== ownerId) return false;
      records.set(id, { ...record, ...check });
      return true;
    },
    async consume(id, ownerId) {
      if (records.get(id)?.owner_id !== ownerId) return false;
      return records.delete(id);
    },
  };
  const privateFiles: PrivateFiles = {
    async presignPost(key) {
      return { url: 'http://s3.local/private', fields: { key } };
    },
    async head(key) {
      const bytes = objects.get(key);
      return bytes && { size: bytes.length, contentType: 'image/png' };
    },
    async read(key) {
      return objects.get(key);
    },
    async putMedia(key, bytes) {
      media.set(key, bytes);
    },
    async putPrivate(key, bytes) {
      objects.set(key, bytes);
    },
    async remove(key) {
      objects.delete(key);
    },
  };
  const uploads = createImageUploads({
    uploadRecords,
    privateFiles,
    media: { deleteMany: async () => undefined },
    clock: () => new Date('2026-11-27T10:00:00Z'),
    newToken: () => 'token0123456789abcdefghijklmnopqrstuv',
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const decode = (bytes: Uint8Array, contentType: string) => {
    decodes += 1;
    return checkImage(bytes, contentType);
  };
  /** Grants an upload and "posts" the bytes to it, as the browser does. */
  async function uploaded(bytes: Uint8Array = testPng()) {
    const grant = await uploads.grant(OWNER, { purpose: 'category', content_type: 'image/png', size: bytes.length });
    objects.set(records.get(grant.upload_id)!.object_key, bytes);
    return grant.upload_id;
  }
  return { uploads, records, objects, media, decode, uploaded, decodes: () => decodes };
}

describe('checking an upload (POST upload/image/{id}/check)', () => {
  it('records the sha256 and size of a decodable file and answers the same on a second call without decoding again', async () => {
    const { uploads, records, decode, uploaded, decodes } = setup();
    const id = await uploaded(testPng({ width: 3, height: 2 }));
    const first = await uploads.check(OWNER, id, decode);
    expect(first).toEqual({ upload_id: id, width: 3, height: 2 });
    expect(records.get(id)?.checked_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await uploads.check(OWNER, id, decode)).toEqual(first);
    expect(decodes()).toBe(1);
  });

  it('deletes a broken file and its record and refuses it in German on upload_id', async () => {
    const { uploads, records, objects, decode, uploaded } = setup();
    const png = testPng();
    const id = await uploaded(png.slice(0, png.length - 20));
    const key = records.get(id)!.object_key;
    await expect(uploads.check(OWNER, id, decode)).rejects.toMatchObject({
      errors: { upload_id: [IMAGE_DAMAGED] },
    });
    expect(objects.has(key)).toBe(false);
    expect(records.has(id)).toBe(false);
  });

  it('refuses another user’s upload', async () => {
    const { uploads, decode, uploaded } = setup();
    const id = await uploaded();
    await expect(uploads.check({ ...OWNER, userId: 'user-2' }, id, decode)).rejects.toMatchObject({
      errors: { upload_id: [INVALID_UPLOAD] },
    });
  });
});

describe('publishing an upload', () => {
  it('refuses an upload that was never checked and publishes nothing', async () => {
    const { uploads, media, uploaded } = setup();
    const id = await uploaded();
    await expect(uploads.publish(OWNER, id, 'category', 'categories/x')).rejects.toMatchObject({
      errors: { upload_id: [INVALID_UPLOAD] },
    });
    await expect(uploads.claimPrivate(OWNER, id, 'category', (ext) => `private/x.${ext}`)).rejects.toMatchObject({
      errors: { upload_id: [INVALID_UPLOAD] },
    });
    expect(media.size).toBe(0);
  });

  it('deletes and refuses a file replaced after the check', async () => {
    const { uploads, records, objects, media, decode, uploaded } = setup();
    const id = await uploaded(testPng({ width: 2, height: 2 }));
    await uploads.check(OWNER, id, decode);
    const key = records.get(id)!.object_key;
    objects.set(key, testPng({ width: 4, height: 4 }));
    await expect(uploads.publish(OWNER, id, 'category', 'categories/x')).rejects.toMatchObject({
      errors: { upload_id: [INVALID_UPLOAD] },
    });
    expect(objects.has(key)).toBe(false);
    expect(media.size).toBe(0);
  });

  it('publishes exactly the checked bytes once', async () => {
    const { uploads, objects, media, decode, uploaded } = setup();
    const png = testPng({ width: 5, height: 5 });
    const id = await uploaded(png);
    await uploads.check(OWNER, id, decode);
    expect(await uploads.publish(OWNER, id, 'category', 'categories/x')).toMatch(/categories\/x\.png$/);
    expect([...media.values()]).toEqual([png]);
    expect(objects.size).toBe(0);
    await expect(uploads.publish(OWNER, id, 'category', 'categories/x')).rejects.toMatchObject({
      errors: { upload_id: [INVALID_UPLOAD] },
    });
  });
});
