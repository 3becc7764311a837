import * as z from 'zod/mini';
import { MSG } from '@gm/shared/validation/messages';

/**
 * The image of an admin form holds the picked (and cropped) file until submit; only then is it uploaded
 * and its upload id sent in the contract's `image_upload_id`. The form field keeps that name, so the
 * contract's and the server's messages for it land on the image picker.
 */
export const pickedImage = () => z.nullable(z.instanceof(Blob));
export const requiredPickedImage = () =>
  z
    .nullable(z.instanceof(Blob, { error: MSG.required }))
    .check(z.refine((blob) => blob !== null, { error: MSG.required }));
