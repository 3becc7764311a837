import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { EXPORT_LINK_SECONDS, type ExportLink } from '@gm/shared/admin/exports';
import { EXPORTS_PREFIX } from './bucket-prefixes.ts';

/**
 * Where a service writes an export: chunks in order; `drained()` waits until the upload has taken
 * what was written so far, so a producer that awaits it after each piece holds one piece in memory.
 */
export type ExportSink = {
  write(chunk: Uint8Array): void;
  drained(): Promise<void>;
};

export type ExportFileInput = { ownerId: string; filename: string; contentType: string };

/**
 * Exports of any size (issue 12): the file is streamed into the private bucket below
 * `exports/<ownerId>/<random uuid>.<ext>` (multipart upload, SSE, removed by the lifecycle rule after a
 * day) and answered as a presigned GET that works for EXPORT_LINK_SECONDS, downloads as an attachment
 * and is never cached. The random key is the only way to the object: nothing lists it.
 */
export type ExportFiles = {
  write(input: ExportFileInput, produce: (sink: ExportSink) => Promise<void>): Promise<ExportLink>;
};

/** A header value for `Content-Disposition: attachment` (ASCII fallback plus the RFC 5987 UTF-8 name). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function exportKey(ownerId: string, filename: string): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(filename)?.[1]?.toLowerCase() ?? 'bin';
  const owner = ownerId.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${EXPORTS_PREFIX}${owner}/${randomUUID()}.${ext}`;
}

export function createS3ExportFiles(client: S3Client, bucket: string): ExportFiles {
  return {
    async write({ ownerId, filename, contentType }, produce) {
      const key = exportKey(ownerId, filename);
      // 1 MiB of buffering between the producer and the upload; parts are 5 MiB (S3's minimum), one at a time.
      const body = new PassThrough({ highWaterMark: 1 << 20 });
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ServerSideEncryption: 'AES256',
          CacheControl: 'private, no-store',
        },
        queueSize: 1,
        partSize: 5 * 1024 * 1024,
        leavePartsOnError: false,
      });
      const done = upload.done();
      // A failed upload must not leave the producer waiting for a drain that never comes.
      const failed = done.then(
        () => undefined,
        (error: unknown) => {
          body.destroy(error instanceof Error ? error : new Error(String(error)));
          throw error;
        },
      );
      failed.catch(() => undefined);
      const sink: ExportSink = {
        write: (chunk) => void body.write(chunk),
        async drained() {
          if (!body.writableNeedDrain) return;
          await Promise.race([once(body, 'drain'), failed]);
        },
      };
      try {
        await produce(sink);
        body.end();
        await done;
      } catch (error) {
        if (!body.destroyed) body.destroy();
        await upload.abort().catch(() => undefined);
        await done.catch(() => undefined);
        throw error;
      }
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentDisposition: attachmentDisposition(filename),
          ResponseContentType: contentType,
          ResponseCacheControl: 'no-store',
        }),
        { expiresIn: EXPORT_LINK_SECONDS },
      );
      return { url, expires_in: EXPORT_LINK_SECONDS, filename };
    },
  };
}
