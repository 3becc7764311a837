import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { mediaObjectKey } from './media-storage.ts';

export { mediaObjectKey };

/** Reads public images back out of the media bucket (voucher PDFs embed backgrounds and photos). */
export type MediaReader = {
  /** The object's bytes for a media key (`user-vouchers/…`) or URL path (`/media/user-vouchers/…`); undefined when absent. */
  read(keyOrPath: string): Promise<Uint8Array | undefined>;
};

export function createS3MediaReader(client: S3Client, bucket: string): MediaReader {
  return {
    async read(keyOrPath) {
      const key = mediaObjectKey(keyOrPath);
      if (!key) return undefined;
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return await result.Body?.transformToByteArray();
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return undefined;
        throw error;
      }
    },
  };
}
