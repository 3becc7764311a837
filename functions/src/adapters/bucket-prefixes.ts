/**
 * Temporary key prefixes in the private bucket, shared by the code that writes them and the CDK
 * lifecycle rules that expire them (infra/lib/stateful-stack.ts).
 */

/** Presigned image uploads wait here until a save claims them (services/uploads/image-uploads.ts). */
export const UPLOADS_PREFIX = 'uploads/';

/**
 * S3 expires an unclaimed upload this many days after it was written (S3 rounds up to the next
 * midnight UTC, so 24–48 h). The upload record expires after 24 h, so nothing can claim an object
 * S3 has already removed.
 */
export const UPLOADS_EXPIRE_DAYS = 1;

/** Large downloads (> 6 MB Lambda answer) handed out as presigned GETs (docs/data-model.md §6); kept a day. */
export const EXPORTS_PREFIX = 'exports/';
export const EXPORTS_EXPIRE_DAYS = 1;

/**
 * Bodies of mail jobs too large for an SQS message (claim check, adapters/sqs-mail-queue.ts); the
 * mail worker deletes each once sent. A job lives at most 14 days (the dead-letter queue's retention
 * counts from the first enqueue), so a day more covers every job that can still be redriven.
 */
export const MAIL_OUTBOX_PREFIX = 'mail-outbox/';
export const MAIL_OUTBOX_EXPIRE_DAYS = 15;

/** Every temporary prefix of the private bucket with its lifetime in days. */
export const TEMPORARY_PRIVATE_PREFIXES: ReadonlyArray<{ prefix: string; days: number }> = [
  { prefix: UPLOADS_PREFIX, days: UPLOADS_EXPIRE_DAYS },
  { prefix: EXPORTS_PREFIX, days: EXPORTS_EXPIRE_DAYS },
  { prefix: MAIL_OUTBOX_PREFIX, days: MAIL_OUTBOX_EXPIRE_DAYS },
];

/**
 * The lasting prefixes, for the IAM grants derived from the route manifest (functions/src/capabilities.ts).
 * Media bucket: every public file below `media/` (adapters/media-storage.ts).
 */
export const MEDIA_OBJECTS_PREFIX = 'media/';
/** Private bucket: sellers' identity documents, `verification/<sellerId>/…` (repositories/verification-repository.ts). */
export const VERIFICATION_PREFIX = 'verification/';
/** Private bucket: the platform's invoices to sellers, `seller-invoices/<yyyy>/…` (repositories/seller-invoice-keys.ts). */
export const SELLER_INVOICES_PREFIX = 'seller-invoices/';
/**
 * Private bucket: the search snapshots, `search-snapshots/v<version>-<token>.bin.gz` (adapters/search-snapshot-store.ts),
 * written by the snapshot worker and read by the search containers; the pointer item names the current one.
 */
export const SEARCH_SNAPSHOTS_PREFIX = 'search-snapshots/';
