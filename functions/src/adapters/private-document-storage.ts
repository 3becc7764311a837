import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/**
 * Identity documents and other personal files in the private bucket. That bucket blocks all public
 * access and CloudFront has no route to it, so nothing stored here has a URL: items keep the bare
 * object key (`*_key`), and only Lambdas read the objects (docs/data-model.md §6).
 */
export type PrivateDocumentStorage = {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Deletes the objects; keys that do not exist are fine (compensation may run twice). */
  remove(keys: readonly string[]): Promise<void>;
  /**
   * A short-lived GET URL of one object for the admin's document review (issue 11): signed for
   * `expiresInSeconds`, answered with `Cache-Control: no-store` and shown inline, never a public URL.
   */
  presignGet(key: string, expiresInSeconds: number): Promise<string>;
  /** Deletes every object below a prefix (account deletion: `verification/<sellerId>/`, replaced files too). */
  removeAll(prefix: string): Promise<void>;
};

export function createS3PrivateDocumentStorage(client: S3Client, bucket: string): PrivateDocumentStorage {
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          // Encrypted at rest even if the bucket's default encryption were ever changed.
          ServerSideEncryption: 'AES256',
          CacheControl: 'private, no-store',
        }),
      );
    },

    async presignGet(key, expiresIn) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseCacheControl: 'private, no-store',
          ResponseContentDisposition: 'inline',
        }),
        { expiresIn },
      );
    },

    async remove(keys) {
      // A handful of keys per call; single deletes need no Content-MD5 and are idempotent.
      await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));
    },

    async removeAll(prefix) {
      if (!prefix.endsWith('/') || prefix.length < 3) throw new Error(`refusing to delete below ${prefix}`);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        await this.remove(keys);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
