import * as z from 'zod/mini';
import { MSG } from '../validation/messages.ts';

/** 'Achtung: Fotos zu groß!' above 10 MB per photo (01 §5, 02 §5). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TOO_LARGE = 'Achtung: Fotos zu groß!';
/** Extra voucher images together at most 2 MB (02 §9). */
export const MAX_EXTRA_IMAGES_BYTES = 2 * 1024 * 1024;
/**
 * The server decodes every uploaded image in full before it is published (issue 14), so it bounds what
 * it decodes: each side at most 4096 px and 6 megapixels in all. The spec's crops are far smaller
 * (1920 × 1080 at most); uncropped files (ID documents, templates) are scaled down in the browser first
 * (web/src/lib/upload-image.ts, UPLOAD_FIT_SIDE).
 */
export const MAX_IMAGE_SIDE = 4096;
export const MAX_IMAGE_PIXELS = 6_000_000;
export const IMAGE_TOO_MANY_PIXELS = 'Das Bild ist zu groß: höchstens 4096 Pixel je Seite und 6 Megapixel.';
/** A file that starts like an image but is not one from the first to the last byte (truncated, appended data, markup). */
export const IMAGE_DAMAGED = 'Das Bild ist beschädigt oder enthält fremde Daten und wurde nicht übernommen.';

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

/**
 * POST upload/image: ask for a one-time upload; the browser then POSTs the (cropped) file as
 * multipart form data to `upload_url` with every entry of `fields` first and the file last (`file`).
 * The signed policy binds the exact key, the exact Content-Type and 1 byte to MAX_PHOTO_BYTES.
 */
export const imageUploadRequestSchema = z.object({
  purpose: z.enum(IMAGE_PURPOSES, { error: MSG.required }),
  content_type: z.enum(IMAGE_CONTENT_TYPES, { error: 'Nur .jpeg, .jpg oder .png Dateien sind erlaubt.' }),
  size: z
    .number({ error: MSG.required })
    .check(
      z.int({ error: MSG.integer }),
      z.gte(1, { error: MSG.required }),
      z.lte(MAX_PHOTO_BYTES, { error: PHOTO_TOO_LARGE }),
    ),
});
export type ImageUploadRequest = z.input<typeof imageUploadRequestSchema>;

export const imageUploadResponseSchema = z.object({
  upload_id: z.string(),
  upload_url: z.string(),
  method: z.literal('POST'),
  fields: z.record(z.string(), z.string()),
  expires_in: z.number().check(z.int()),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

/** An entity form refers to an uploaded image by its upload id; the saving use case checks and publishes it. */
export const uploadIdField = () => z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Ungültiger Upload.' }));
