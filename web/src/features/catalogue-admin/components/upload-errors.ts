import type { ApiError } from '../../../lib/api-client.ts';

/** The upload check answers on `upload_id`; the forms show it next to their image field (`image_upload_id`). */
export function uploadErrorOnImage(error: ApiError, setImageError: (message: string) => void): boolean {
  const message = error.fieldError('upload_id') ?? error.fieldError('image_upload_id');
  if (!error.isValidation || !message) return false;
  setImageError(message);
  return true;
}
