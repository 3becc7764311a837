import * as z from 'zod/mini';

/**
 * The answer of every file export (issue 12, "Large exports"): the file was written to the private
 * bucket and is handed out as a short-lived presigned GET. The browser opens `url` (it answers the
 * file as an attachment named `filename`); after `expires_in` seconds the link no longer works.
 */
export const exportLinkSchema = z.object({
  url: z.string().check(z.minLength(1)),
  expires_in: z.number().check(z.int(), z.positive()),
  filename: z.string().check(z.minLength(1)),
});
export type ExportLink = z.infer<typeof exportLinkSchema>;

/** How long an export link works (seconds); the object itself is removed by the bucket's lifecycle rule after a day. */
export const EXPORT_LINK_SECONDS = 300;
