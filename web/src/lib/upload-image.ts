import {
  imageUploadResponseSchema,
  MAX_PHOTO_BYTES,
  PHOTO_TOO_LARGE,
  type ImagePurpose,
} from '@gm/shared/uploads/contracts';
import { ApiError } from './api-client.ts';
import { api } from './api.ts';

/**
 * Uploads an image (usually the cropped canvas output) for a later save: asks the API for a one-time
 * URL, PUTs the file there and answers the upload id that the entity form sends along.
 */
export async function uploadImage(file: Blob, purpose: ImagePurpose): Promise<string> {
  if (file.size > MAX_PHOTO_BYTES) throw new ApiError(422, PHOTO_TOO_LARGE, { upload_id: [PHOTO_TOO_LARGE] });
  const contentType = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const grant = await api.request('upload/image', {
    method: 'POST',
    body: { purpose, content_type: contentType, size: file.size },
    schema: imageUploadResponseSchema,
  });
  const response = await fetch(grant.upload_url, { method: grant.method, headers: grant.headers, body: file });
  if (!response.ok)
    throw new ApiError(response.status, 'Das Bild konnte nicht hochgeladen werden. Bitte versuche es erneut.');
  return grant.upload_id;
}
