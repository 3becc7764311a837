import type { Mail } from '../adapters/ses-mailer.ts';
import type { MediaReader } from '../adapters/media-reader.ts';

export type MailAttachment = NonNullable<Mail['attachments']>[number];

/**
 * Raw bytes of attachments one mail may carry. SES counts the encoded message (base64 adds a third)
 * and many mailboxes refuse more than 10 MB, so 7 MB of files stay below 10 MB with the text and headers.
 */
export const MAIL_ATTACHMENT_BUDGET = 7 * 1024 * 1024;

/**
 * Takes attachments in the given order while their sum stays within the budget (a later small one
 * may still fit after a large one was left); the rest are left for the caller to link.
 */
export function fitAttachments(
  attachments: readonly MailAttachment[],
  budget = MAIL_ATTACHMENT_BUDGET,
): { attached: MailAttachment[]; left: MailAttachment[] } {
  const attached: MailAttachment[] = [];
  const left: MailAttachment[] = [];
  let used = 0;
  for (const a of attachments) {
    if (used + a.content.byteLength <= budget) {
      attached.push(a);
      used += a.content.byteLength;
    } else left.push(a);
  }
  return { attached, left };
}

/**
 * Splits attachments into groups that each fit the budget (in order; a file larger than the budget
 * gets a group of its own), so a long list goes out as several mails instead of one that bounces.
 */
export function chunkAttachments(
  attachments: readonly MailAttachment[],
  budget = MAIL_ATTACHMENT_BUDGET,
): MailAttachment[][] {
  const chunks: MailAttachment[][] = [];
  let rest = [...attachments];
  while (rest.length) {
    const { attached, left } = fitAttachments(rest, budget);
    // Nothing fits: the first file alone is over the budget and goes by itself.
    if (!attached.length) {
      chunks.push(rest.slice(0, 1));
      rest = rest.slice(1);
      continue;
    }
    chunks.push(attached);
    rest = left;
  }
  return chunks;
}

/** A reader that fetches each key once: the vouchers of one offer in one mail share their background. */
export function memoisedMediaReader(reader: MediaReader): MediaReader {
  const seen = new Map<string, Promise<Uint8Array | undefined>>();
  return {
    read(keyOrPath) {
      let bytes = seen.get(keyOrPath);
      if (!bytes) {
        bytes = reader.read(keyOrPath);
        seen.set(keyOrPath, bytes);
      }
      return bytes;
    },
  };
}
