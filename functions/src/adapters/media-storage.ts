import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/**
 * Public images (logos, voucher backgrounds) live in the media bucket under `media/…` and are served
 * at the same path on the web origin (CloudFront `/media/*` behaviour; locally the Vite proxy).
 */
export type MediaStorage = {
  /** Stores the object and answers its URL path, e.g. `/media/vouchers/abc/bg.svg`. */
  put(key: string, body: Uint8Array | string, contentType: string): Promise<string>;
  /** Deletes one object by media key (`companies/…`) or URL path (`/media/companies/…`); a missing object is fine, a foreign URL is ignored. */
  delete(keyOrPath: string): Promise<void>;
  /** Deletes several objects (a save replaces at most a few, so one DeleteObject each, in parallel); throws if any delete failed. */
  deleteMany(keysOrPaths: readonly string[]): Promise<void>;
};

export const MEDIA_PREFIX = 'media/';

export function mediaUrl(key: string): string {
  return `/${MEDIA_PREFIX}${key.replace(/^\/+/, '')}`;
}

/** `/media/x/y.jpg`, `media/x/y.jpg` and `x/y.jpg` all name the object `media/x/y.jpg`; anything else (http URLs, data URLs) is not ours. */
export function mediaObjectKey(keyOrPath: string): string | undefined {
  if (!keyOrPath || /^[a-z]+:/i.test(keyOrPath) || keyOrPath.includes('..')) return undefined;
  const bare = keyOrPath.replace(/^\/+/, '');
  return bare.startsWith(MEDIA_PREFIX) ? bare : `${MEDIA_PREFIX}${bare}`;
}

export function createS3MediaStorage(client: S3Client, bucket: string): MediaStorage {
  async function deleteMany(keysOrPaths: readonly string[]): Promise<void> {
    const keys = [
      ...new Set(keysOrPaths.map(mediaObjectKey).filter((key): key is string => Boolean(key) && key !== MEDIA_PREFIX)),
    ];
    const results = await Promise.allSettled(
      keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key }))),
    );
    const failed = results.flatMap((result, index) =>
      result.status === 'rejected' ? [`${keys[index]}: ${String(result.reason)}`] : [],
    );
    if (failed.length) throw new Error(`could not delete ${failed.join(', ')}`);
  }
  return {
    async put(key, body, contentType) {
      const objectKey = `${MEDIA_PREFIX}${key.replace(/^\/+/, '')}`;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return `/${objectKey}`;
    },
    async delete(keyOrPath) {
      await deleteMany([keyOrPath]);
    },
    deleteMany,
  };
}
