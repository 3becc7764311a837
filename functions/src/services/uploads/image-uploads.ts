import {
  IMAGE_DAMAGED,
  IMAGE_TOO_MANY_PIXELS,
  MAX_PHOTO_BYTES,
  PHOTO_TOO_LARGE,
  type ImageCheckResponse,
  type ImagePurpose,
  type ImageUploadResponse,
} from '@gm/shared/uploads/contracts';
import { createHash } from 'node:crypto';
import { UPLOADS_PREFIX } from '../../adapters/bucket-prefixes.ts';
import type { PrivateFiles } from '../../adapters/private-files.ts';
import { mediaUrl, MEDIA_PREFIX, type MediaStorage } from '../../adapters/media-storage.ts';
import type { Actor } from '../../lib/auth.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { UploadRecord, UploadRepository } from '../../repositories/upload-repository.ts';
import type { Log } from '../telemetry.ts';
import type { ImageCheck } from './image-check.ts';

export const UPLOAD_URL_SECONDS = 15 * 60;
/** The upload record's lifetime; S3 expires the object itself after UPLOADS_EXPIRE_DAYS (bucket-prefixes.ts). */
const UPLOAD_KEEP_SECONDS = 24 * 60 * 60;
export const INVALID_UPLOAD = 'Das Bild konnte nicht übernommen werden. Bitte lade es erneut hoch.';
export const NOT_AN_IMAGE = 'Nur .jpeg, .jpg oder .png Dateien sind erlaubt.';

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

type UploadDeps = {
  uploadRecords: UploadRepository;
  privateFiles: PrivateFiles;
  media: Pick<MediaStorage, 'deleteMany'>;
  clock: () => Date;
  newToken: () => string;
  log: Log;
};

const refuse = (message: string) => new ValidationError({ upload_id: [message] }, message);

/** The full decode (image-check.ts `checkImage`); passed in by the check route so only its bundle carries the decoders. */
export type CheckImage = (bytes: Uint8Array, contentType: string) => ImageCheck;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Image uploads in three steps: `grant` hands out a short-lived presigned POST into the private bucket
 * (its policy limits key, type and size on AWS; s3rver ignores it); right after the upload the browser
 * calls `check` (POST upload/image/{id}/check), which reads the whole file, decodes it (image-check.ts)
 * and records its sha256 on the upload; the use case that saves the entity then `publish`es (or
 * `claimPrivate`s) it, which checks owner, purpose and size, reads the file again and writes THOSE
 * bytes to their target only when their sha256 is the checked one. A refused file is deleted at once,
 * so nothing of it is ever public and it cannot be tried again.
 */
export function createImageUploads(deps: UploadDeps) {
  async function recorded(actor: Actor, uploadId: string, purpose: ImagePurpose | undefined) {
    const upload = await deps.uploadRecords.get(uploadId);
    const now = Math.floor(deps.clock().getTime() / 1000);
    if (
      !upload ||
      upload.owner_id !== actor.userId ||
      (purpose !== undefined && upload.purpose !== purpose) ||
      upload.expires_at <= now
    ) {
      throw refuse(INVALID_UPLOAD);
    }
    const head = await deps.privateFiles.head(upload.object_key);
    if (!head) throw refuse(INVALID_UPLOAD);
    if (head.size > MAX_PHOTO_BYTES) throw refuse(PHOTO_TOO_LARGE);
    return { upload, size: head.size };
  }

  /** The upload's bytes (read again after the size check: the object may have been replaced in between). */
  async function bytesOf(upload: UploadRecord) {
    const bytes = await deps.privateFiles.read(upload.object_key);
    if (!bytes) throw refuse(INVALID_UPLOAD);
    if (bytes.length > MAX_PHOTO_BYTES) throw refuse(PHOTO_TOO_LARGE);
    return bytes;
  }

  /**
   * The checked upload's bytes: refused unless POST upload/image/{id}/check passed, and deleted and
   * refused when they are no longer the bytes that were checked (the object was replaced after the check).
   */
  async function checked(actor: Actor, uploadId: string, purpose: ImagePurpose) {
    const { upload } = await recorded(actor, uploadId, purpose);
    if (!upload.checked_sha256) throw refuse(INVALID_UPLOAD);
    const bytes = await bytesOf(upload);
    if (sha256(bytes) !== upload.checked_sha256) {
      await deps.privateFiles.remove(upload.object_key);
      deps.log.warn('upload refused', {
        upload_id: upload.id,
        owner_id: upload.owner_id,
        content_type: upload.content_type,
        reason: 'replaced',
        detail: 'sha256 differs from the checked file',
      });
      throw refuse(INVALID_UPLOAD);
    }
    return { upload, bytes };
  }

  return {
    async grant(
      actor: Actor,
      input: { purpose: ImagePurpose; content_type: string; size: number },
    ): Promise<ImageUploadResponse> {
      const id = deps.newToken().slice(0, 32);
      const now = deps.clock();
      const objectKey = `${UPLOADS_PREFIX}${actor.userId}/${id}.${EXTENSION[input.content_type] ?? 'bin'}`;
      const { url, fields } = await deps.privateFiles.presignPost(
        objectKey,
        input.content_type,
        MAX_PHOTO_BYTES,
        UPLOAD_URL_SECONDS,
      );
      await deps.uploadRecords.put({
        id,
        owner_id: actor.userId,
        purpose: input.purpose,
        content_type: input.content_type,
        declared_size: input.size,
        object_key: objectKey,
        created_at: now.toISOString(),
        expires_at: Math.floor(now.getTime() / 1000) + UPLOAD_KEEP_SECONDS,
      });
      return { upload_id: id, upload_url: url, method: 'POST', fields, expires_in: UPLOAD_URL_SECONDS };
    },

    /**
     * POST upload/image/{id}/check: owner, expiry and size as at the save, then the whole file decoded
     * (`checkImage`). A refused file is deleted (its record too) and answered with the German 422 on
     * `upload_id`; a passed one gets its sha256 and size recorded. A second call answers the same.
     */
    async check(actor: Actor, uploadId: string, checkImage: CheckImage): Promise<ImageCheckResponse> {
      const { upload } = await recorded(actor, uploadId, undefined);
      if (upload.checked_sha256 && upload.width !== undefined && upload.height !== undefined) {
        return { upload_id: upload.id, width: upload.width, height: upload.height };
      }
      const bytes = await bytesOf(upload);
      const check = checkImage(bytes, upload.content_type);
      if (!check.ok) {
        await deps.privateFiles.remove(upload.object_key);
        await deps.uploadRecords.consume(upload.id, actor.userId);
        deps.log.warn('upload refused', {
          upload_id: upload.id,
          owner_id: upload.owner_id,
          content_type: upload.content_type,
          reason: check.reason,
          detail: check.detail,
        });
        if (check.reason === 'dimensions') throw refuse(IMAGE_TOO_MANY_PIXELS);
        throw refuse(startsLike(bytes, upload.content_type) ? IMAGE_DAMAGED : NOT_AN_IMAGE);
      }
      const marked = await deps.uploadRecords.markChecked(upload.id, actor.userId, {
        checked_sha256: sha256(bytes),
        width: check.width,
        height: check.height,
      });
      if (!marked) throw refuse(INVALID_UPLOAD);
      return { upload_id: upload.id, width: check.width, height: check.height };
    },

    /**
     * Size and type of an uploaded, not yet published file (e.g. for the 2 MB limit of extra images).
     * Owner, purpose and size only: the content is checked by `check`, right after the upload.
     */
    async describe(
      actor: Actor,
      uploadId: string,
      purpose: ImagePurpose,
    ): Promise<{ size: number; content_type: string }> {
      const { upload, size } = await recorded(actor, uploadId, purpose);
      return { size, content_type: upload.content_type };
    },

    /**
     * Publishes the upload at `/media/<targetKey>` (the extension is appended when missing) and uses it up.
     * Throws a 422 ValidationError on `upload_id` for anything wrong with it.
     */
    async publish(actor: Actor, uploadId: string, purpose: ImagePurpose, targetKey: string): Promise<string> {
      const { upload, bytes } = await checked(actor, uploadId, purpose);
      const extension = EXTENSION[upload.content_type] ?? 'bin';
      const key = targetKey.replace(/^\/+/, '').replace(/\.(jpe?g|png)$/i, '') + `.${extension}`;
      if (!(await deps.uploadRecords.consume(upload.id, actor.userId))) throw refuse(INVALID_UPLOAD);
      await deps.privateFiles.putMedia(`${MEDIA_PREFIX}${key}`, bytes, upload.content_type);
      await deps.privateFiles.remove(upload.object_key);
      return mediaUrl(key);
    },

    /**
     * Best effort: deletes published images that nothing references any more — the image a SUCCESSFUL
     * save replaced, or the one a failed save had just published. Never throws (a left-over object is
     * harmless, a failed save answer must not be hidden); null/undefined entries are skipped.
     * Callers decide what may go: images that sold snapshots can show stay (docs/decisions/platform.md).
     */
    async discard(urls: ReadonlyArray<string | null | undefined>, reason: string): Promise<void> {
      const gone = urls.filter((url): url is string => Boolean(url));
      if (gone.length === 0) return;
      await deps.media.deleteMany(gone).catch((error: unknown) => {
        deps.log.error('could not delete replaced media', { reason, keys: gone, error });
      });
    },

    /**
     * Moves the upload to `keyFor(extension)` inside the private bucket (ID documents: never public)
     * and uses it up; answers the new key. The same checks as `publish` (owner, purpose, size, the checked sha256).
     */
    async claimPrivate(
      actor: Actor,
      uploadId: string,
      purpose: ImagePurpose,
      keyFor: (extension: 'jpg' | 'png') => string,
    ): Promise<string> {
      const { upload, bytes } = await checked(actor, uploadId, purpose);
      const key = keyFor(upload.content_type === 'image/png' ? 'png' : 'jpg');
      if (!(await deps.uploadRecords.consume(upload.id, actor.userId))) throw refuse(INVALID_UPLOAD);
      await deps.privateFiles.putPrivate(key, bytes, upload.content_type);
      await deps.privateFiles.remove(upload.object_key);
      return key;
    },
  };
}

export type ImageUploads = ReturnType<typeof createImageUploads>;

/** Whether the file at least starts like its declared type (then it is damaged, else it is no such image at all). */
function startsLike(bytes: Uint8Array, contentType: string): boolean {
  const magic = contentType === 'image/png' ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] : [0xff, 0xd8, 0xff];
  return magic.every((byte, index) => bytes[index] === byte);
}
