import type { ApiError } from '../../../lib/api-client.ts';

/** The upload check answers on `upload_id`; the forms show it next to their image field (`image_upload_id`). */
export function uploadErrorOnImage(
  error: ApiError,
  setFieldError: (field: string, message: string | undefined) => void,
): boolean {
  const message = error.fieldError('upload_id') ?? error.fieldError('image_upload_id');
  if (!error.isValidation || !message) return false;
  setFieldError('image_upload_id', message);
  return true;
}
