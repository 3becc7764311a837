import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/** Reads objects of the private bucket (the seller invoice PDFs at `pdf_key`, issue 12); never a URL. */
export type PrivateFileReader = {
  /** The object's bytes; undefined when it does not exist. */
  read(key: string): Promise<Uint8Array | undefined>;
};

export function createS3PrivateFileReader(client: S3Client, bucket: string): PrivateFileReader {
  return {
    async read(key) {
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
