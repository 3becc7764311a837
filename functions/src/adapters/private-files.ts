import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';

/** The private bucket: uploads waiting for their use case, documents, generated PDFs. Never public. */
export type PrivateFiles = {
  /**
   * A presigned POST (browser form upload) for exactly `key`: S3 refuses any other key, any other
   * Content-Type and any body outside 1…maxBytes bytes (the signed policy's conditions).
   */
  presignPost(
    key: string,
    contentType: string,
    maxBytes: number,
    expiresInSeconds: number,
  ): Promise<{ url: string; fields: Record<string, string> }>;
  head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined>;
  /** The whole object (callers check its size with `head` first); undefined when it is gone. */
  read(key: string): Promise<Uint8Array | undefined>;
  /**
   * Writes checked bytes into the public media bucket under `mediaKey`. Bytes, not a copy of the
   * upload: the presigned POST stays valid for its lifetime, so the object could be replaced
   * between the check and a server-side copy.
   */
  putMedia(mediaKey: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Writes checked bytes to another key inside the private bucket (encrypted at rest, never cached). */
  putPrivate(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
};

export function createS3PrivateFiles(client: S3Client, privateBucket: string, mediaBucket: string): PrivateFiles {
  return {
    async presignPost(key, contentType, maxBytes, expiresIn) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: privateBucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: expiresIn,
      });
      return { url, fields };
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

    async read(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: privateBucket, Key: key }));
        return (await result.Body?.transformToByteArray()) ?? new Uint8Array();
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },

    async putMedia(mediaKey, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: mediaBucket,
          Key: mediaKey,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async putPrivate(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: privateBucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ServerSideEncryption: 'AES256',
          CacheControl: 'private, no-store',
        }),
      );
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: privateBucket, Key: key }));
    },
  };
}
