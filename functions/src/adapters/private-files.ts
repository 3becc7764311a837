import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/** The private bucket: uploads waiting for their use case, documents, generated PDFs. Never public. */
export type PrivateFiles = {
  /** A one-time PUT URL for `key`; the browser must send the returned headers. */
  presignPut(
    key: string,
    contentType: string,
    expiresInSeconds: number,
  ): Promise<{ url: string; headers: Record<string, string> }>;
  head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined>;
  /** The first `length` bytes (for checking a file's magic number). */
  readStart(key: string, length: number): Promise<Uint8Array>;
  /** Copies a private object into the public media bucket under `mediaKey`. */
  copyToMedia(key: string, mediaKey: string, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Copies an object to another key inside the private bucket (encrypted at rest, never cached). */
  copyWithin(key: string, targetKey: string, contentType: string): Promise<void>;
};

export function createS3PrivateFiles(client: S3Client, privateBucket: string, mediaBucket: string): PrivateFiles {
  return {
    async presignPut(key, contentType, expiresIn) {
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: privateBucket, Key: key, ContentType: contentType }),
        {
          expiresIn,
          signableHeaders: new Set(['content-type']),
        },
      );
      return { url, headers: { 'content-type': contentType } };
    },

    async head(key) {
      try {
        const result = await client.send(new HeadObjectCommand({ Bucket: privateBucket, Key: key }));
        return { size: result.ContentLength ?? 0, contentType: result.ContentType };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NotFound' || name === 'NoSuchKey') return undefined;
        throw error;
      }
    },

    async readStart(key, length) {
      const result = await client.send(
        new GetObjectCommand({ Bucket: privateBucket, Key: key, Range: `bytes=0-${length - 1}` }),
      );
      const bytes = await result.Body?.transformToByteArray();
      return (bytes ?? new Uint8Array()).slice(0, length);
    },

    async copyToMedia(key, mediaKey, contentType) {
      await client.send(
        new CopyObjectCommand({
          Bucket: mediaBucket,
          Key: mediaKey,
          CopySource: `${privateBucket}/${encodeURIComponent(key).replace(/%2F/g, '/')}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: privateBucket, Key: key }));
    },

    async copyWithin(key, targetKey, contentType) {
      await client.send(
        new CopyObjectCommand({
          Bucket: privateBucket,
          Key: targetKey,
          CopySource: `${privateBucket}/${encodeURIComponent(key).replace(/%2F/g, '/')}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
          ServerSideEncryption: 'AES256',
          CacheControl: 'private, no-store',
        }),
      );
    },
  };
}
