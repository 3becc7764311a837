import {
  IMAGE_DAMAGED,
  IMAGE_TOO_MANY_PIXELS,
  MAX_PHOTO_BYTES,
  PHOTO_TOO_LARGE,
  type ImagePurpose,
  type ImageUploadResponse,
} from '@gm/shared/uploads/contracts';
import { UPLOADS_PREFIX } from '../../adapters/bucket-prefixes.ts';
import type { PrivateFiles } from '../../adapters/private-files.ts';
import { mediaUrl, MEDIA_PREFIX, type MediaStorage } from '../../adapters/media-storage.ts';
import type { Actor } from '../../lib/auth.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { UploadRepository } from '../../repositories/upload-repository.ts';

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
};

const refuse = (message: string) => new ValidationError({ upload_id: [message] }, message);

/**
 * Image uploads in two steps: `grant` hands out a short-lived presigned POST into the private bucket
 * (its policy limits key, type and size on AWS; s3rver ignores it); the use case that saves the entity
 * then `publish`es (or `claimPrivate`s) it, which checks owner, purpose and size, reads the whole file
 * and decodes it (image-check.ts) before writing THOSE bytes to their target. A refused file is
 * deleted at once, so nothing of it is ever public and it cannot be tried again.
 */
export function createImageUploads(deps: UploadDeps) {
  async function recorded(actor: Actor, uploadId: string, purpose: ImagePurpose) {
    const upload = await deps.uploadRecords.get(uploadId);
    const now = Math.floor(deps.clock().getTime() / 1000);
    if (!upload || upload.owner_id !== actor.userId || upload.purpose !== purpose || upload.expires_at <= now) {
      throw refuse(INVALID_UPLOAD);
    }
    const head = await deps.privateFiles.head(upload.object_key);
    if (!head) throw refuse(INVALID_UPLOAD);
    if (head.size > MAX_PHOTO_BYTES) throw refuse(PHOTO_TOO_LARGE);
    return { upload, size: head.size };
  }

  /** The upload's bytes, decoded in full; anything that is not a complete image of its type is deleted and refused. */
  async function checked(actor: Actor, uploadId: string, purpose: ImagePurpose) {
    const { upload } = await recorded(actor, uploadId, purpose);
    const bytes = await deps.privateFiles.read(upload.object_key);
    if (!bytes) throw refuse(INVALID_UPLOAD);
    // Read again after the size check: the object may have been replaced in between.
    if (bytes.length > MAX_PHOTO_BYTES) throw refuse(PHOTO_TOO_LARGE);
    // Loaded on first use: the decoders go into the bundles of the functions that publish uploads only
    // (lib/deps.ts imports this module everywhere; a static import kept pngjs/jpeg-js in every bundle).
    const { checkImage } = await import('./image-check.ts');
    const check = checkImage(bytes, upload.content_type);
    if (!check.ok) {
      await deps.privateFiles.remove(upload.object_key);
      console.warn(
        JSON.stringify({
          level: 'warn',
          message: 'upload refused',
          upload_id: upload.id,
          owner_id: upload.owner_id,
          content_type: upload.content_type,
          reason: check.reason,
          detail: check.detail,
        }),
      );
      if (check.reason === 'dimensions') throw refuse(IMAGE_TOO_MANY_PIXELS);
      throw refuse(startsLike(bytes, upload.content_type) ? IMAGE_DAMAGED : NOT_AN_IMAGE);
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
     * Size and type of an uploaded, not yet published file (e.g. for the 2 MB limit of extra images).
     * Owner, purpose and size only: the content is checked when it is published.
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
        console.error(
          JSON.stringify({
            level: 'error',
            message: 'could not delete replaced media',
            reason,
            keys: gone,
            error: String(error),
          }),
        );
      });
    },

    /**
     * Moves the upload to `keyFor(extension)` inside the private bucket (ID documents: never public)
     * and uses it up; answers the new key. The same checks as `publish` (owner, purpose, size, full decode).
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
