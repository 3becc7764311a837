import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { gzipSync, createGunzip } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { SEARCH_SNAPSHOTS_PREFIX } from './bucket-prefixes.ts';

/** The search snapshots' bytes in the private bucket, gzipped (services/catalogue/search-snapshot.ts has the format). */
export type SearchSnapshotStore = {
  /** Stores the encoded snapshot; answers its key and sizes. */
  put(version: number, raw: Buffer, token: string): Promise<{ key: string; bytes: number; raw_bytes: number }>;
  /** Streams the object through gunzip into one buffer of the decoded size (known from the pointer). */
  get(key: string, rawBytes: number): Promise<Buffer>;
  delete(key: string): Promise<void>;
};

export const searchSnapshotKey = (version: number, token: string) =>
  `${SEARCH_SNAPSHOTS_PREFIX}v${version}-${token}.bin.gz`;

export function createS3SearchSnapshotStore(client: S3Client, bucket: string): SearchSnapshotStore {
  return {
    async put(version, raw, token) {
      const key = searchSnapshotKey(version, token);
      // Level 6: at 100,000 vouchers about a second off the request path, and the containers inflate quickly.
      const body = gzipSync(raw, { level: 6 });
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: 'application/octet-stream',
          ServerSideEncryption: 'AES256',
          Metadata: { 'raw-bytes': String(raw.length) },
        }),
      );
      return { key, bytes: body.length, raw_bytes: raw.length };
    },

    async get(key, rawBytes) {
      const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!Body) throw new Error(`search snapshot ${key} has no body`);
      // One allocation of the decoded size: the gzip stream is copied in as it arrives.
      const out = Buffer.allocUnsafe(rawBytes);
      let filled = 0;
      await pipeline(
        Body as Readable,
        createGunzip({ chunkSize: 1 << 20 }),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            if (filled + chunk.length > rawBytes)
              return done(new Error(`search snapshot ${key} is larger than stated`));
            chunk.copy(out, filled);
            filled += chunk.length;
            done();
          },
        }),
      );
      if (filled !== rawBytes) throw new Error(`search snapshot ${key} is shorter than stated`);
      return out;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
