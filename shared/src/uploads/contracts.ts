import * as z from 'zod';
import { MSG } from '../validation/messages.ts';

/** 'Achtung: Fotos zu groß!' above 10 MB per photo (01 §5, 02 §5). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TOO_LARGE = 'Achtung: Fotos zu groß!';
/** Extra voucher images together at most 2 MB (02 §9). */
export const MAX_EXTRA_IMAGES_BYTES = 2 * 1024 * 1024;

export const IMAGE_PURPOSES = [
  'voucher-background',
  'voucher-image',
  'category',
  'template',
  'company-logo',
  'company-cover',
  'personalisation',
  /** A seller's ID document (profile verification tab): claimed into the private bucket, never published. */
  'verification-document',
] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;

/** POST upload/image: ask for a one-time upload URL; the browser then PUTs the (cropped) file there. */
export const imageUploadRequestSchema = z.object({
  purpose: z.enum(IMAGE_PURPOSES, { error: MSG.required }),
  content_type: z.enum(IMAGE_CONTENT_TYPES, { error: 'Nur .jpeg, .jpg oder .png Dateien sind erlaubt.' }),
  size: z
    .number({ error: MSG.required })
    .int({ error: MSG.integer })
    .min(1, { error: MSG.required })
    .max(MAX_PHOTO_BYTES, { error: PHOTO_TOO_LARGE }),
});
export type ImageUploadRequest = z.input<typeof imageUploadRequestSchema>;

export const imageUploadResponseSchema = z.object({
  upload_id: z.string(),
  upload_url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expires_in: z.number().int(),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

/** An entity form refers to an uploaded image by its upload id; the saving use case checks and publishes it. */
export const uploadIdField = () => z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Ungültiger Upload.' });
