import {
  imageCheckResponseSchema,
  imageUploadResponseSchema,
  MAX_IMAGE_PIXELS,
  MAX_PHOTO_BYTES,
  PHOTO_TOO_LARGE,
  type ImagePurpose,
} from '@gm/shared/uploads/contracts';
import { ApiError } from './api-client.ts';
import { api } from './api.ts';
import { fitWithin } from './downscale-image.ts';

/**
 * Uncropped files (ID documents, templates) larger than this on their long side are scaled down
 * before the upload: the server decodes every image in full and refuses more than MAX_IMAGE_SIDE /
 * MAX_IMAGE_PIXELS. 2560 × 1920 is still a readable photo of an ID document.
 */
export const UPLOAD_FIT_SIDE = 2560;

/**
 * Uploads an image (usually the cropped canvas output) for a later save: asks the API for a one-time
 * presigned POST, sends the file as multipart form data (the signed fields first, the file last, as
 * S3 requires), has the server check it (a refused file throws an ApiError 422 on `upload_id`, the
 * field a refused save names too) and answers the upload id that the entity form sends along.
 */
export async function uploadImage(file: Blob, purpose: ImagePurpose): Promise<string> {
  if (file.size > MAX_PHOTO_BYTES) throw new ApiError(422, PHOTO_TOO_LARGE, { upload_id: [PHOTO_TOO_LARGE] });
  const contentType = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const body = await fitForUpload(file, contentType);
  const grant = await api.request('upload/image', {
    method: 'POST',
    body: { purpose, content_type: contentType, size: body.size },
    schema: imageUploadResponseSchema,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', body);
  const response = await fetch(grant.upload_url, { method: grant.method, body: form });
  if (!response.ok)
    throw new ApiError(response.status, 'Das Bild konnte nicht hochgeladen werden. Bitte versuche es erneut.');
  // The server decodes the file now (a broken one answers 422 on `upload_id`, as a refused save did):
  // the saves later take only a checked upload.
  await api.request(`upload/image/${encodeURIComponent(grant.upload_id)}/check`, {
    method: 'POST',
    schema: imageCheckResponseSchema,
  });
  return grant.upload_id;
}

/** The size an image is uploaded in: within UPLOAD_FIT_SIDE on its long side and MAX_IMAGE_PIXELS, aspect kept. */
export function uploadSize(width: number, height: number): { width: number; height: number } {
  const side = Math.min(
    UPLOAD_FIT_SIDE,
    Math.floor(Math.sqrt((0.98 * MAX_IMAGE_PIXELS * Math.max(width, height)) / Math.min(width, height))),
  );
  return fitWithin(width, height, side);
}

/**
 * The file as is when it fits UPLOAD_FIT_SIDE, else scaled down in its own type. A file the browser
 * cannot decode goes up unchanged: the server refuses it with its German message.
 */
async function fitForUpload(file: Blob, contentType: 'image/png' | 'image/jpeg'): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = uploadSize(bitmap.width, bitmap.height);
    if (width === bitmap.width && height === bitmap.height) return file;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const scaled = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, contentType, 0.9));
    return scaled && scaled.size <= MAX_PHOTO_BYTES ? scaled : file;
  } finally {
    bitmap.close();
  }
}
