import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/**
 * Public images (logos, voucher backgrounds) live in the media bucket under `media/…` and are served
 * at the same path on the web origin (CloudFront `/media/*` behaviour; locally the Vite proxy).
 */
export type MediaStorage = {
  /** Stores the object and answers its URL path, e.g. `/media/vouchers/abc/bg.svg`. */
  put(key: string, body: Uint8Array | string, contentType: string): Promise<string>;
};

export const MEDIA_PREFIX = 'media/';

export function mediaUrl(key: string): string {
  return `/${MEDIA_PREFIX}${key.replace(/^\/+/, '')}`;
}

export function createS3MediaStorage(client: S3Client, bucket: string): MediaStorage {
  return {
    async put(key, body, contentType) {
      const objectKey = `${MEDIA_PREFIX}${key.replace(/^\/+/, '')}`;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
      return `/${objectKey}`;
    },
  };
}
