import * as z from 'zod/mini';
import type { Mail } from '../../adapters/ses-mailer.ts';

/**
 * The work the mail queue carries (issue 14): every mail of the product is a job on one SQS queue,
 * done by the mail worker (functions/src/workers/mail-queue.ts), retried by SQS and parked in the
 * dead-letter queue after five failed receives.
 * - `mail`: a mail rendered by the use case (attachments included);
 * - `password-reset`: forgot-password; the worker looks the address up and mails a reset link if it
 *   belongs to an account, so the request answers before anything depends on the address;
 * - `guest-vouchers`: guest retrieval; the worker finds the guest's vouchers and mails their PDFs;
 * - `order-confirmation`: a paid order's confirmation; the worker renders the invoices and (guests)
 *   the voucher PDFs from the stored payment and sends once per payment (issue 15: no PDF rendering
 *   in the Lambdas that carry Stripe);
 * - `cancellation`: a reversed order's Stornorechnung; the worker renders it from the stored invoice;
 * - `seller-invoice`: a Gutschrift to its seller; the worker renders it from what the payout run stored.
 */
export type MailJob =
  | { kind: 'mail'; mail: Mail }
  | { kind: 'password-reset'; email: string }
  | { kind: 'guest-vouchers'; email: string }
  | { kind: 'order-confirmation'; paymentId: string }
  | { kind: 'cancellation'; orderId: string }
  | { kind: 'seller-invoice'; invoiceId: string; to: string };

/** Where jobs go: SQS on AWS, the local queue stand-in (scripts/dev/queue-stand-in.ts) locally. */
export type MailQueue = { enqueue(job: MailJob): Promise<void> };

const base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/));

const wireMailSchema = z.object({
  to: z.string().check(z.minLength(3)),
  subject: z.string(),
  text: z.string(),
  html: z.optional(z.string()),
  replyTo: z.optional(z.string()),
  attachments: z.optional(
    z.array(
      z.object({
        filename: z.string().check(z.minLength(1)),
        contentType: z.string().check(z.minLength(1)),
        content: base64,
      }),
    ),
  ),
});

/** A message body as it travels: attachments in base64; a large job is stored and only its key travels. */
export const mailJobMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mail'), mail: wireMailSchema }),
  z.object({ kind: z.literal('password-reset'), email: z.string().check(z.minLength(3)) }),
  z.object({ kind: z.literal('guest-vouchers'), email: z.string().check(z.minLength(3)) }),
  z.object({ kind: z.literal('order-confirmation'), paymentId: z.string().check(z.minLength(1)) }),
  z.object({ kind: z.literal('cancellation'), orderId: z.string().check(z.minLength(1)) }),
  z.object({
    kind: z.literal('seller-invoice'),
    invoiceId: z.string().check(z.minLength(1)),
    to: z.string().check(z.minLength(3)),
  }),
  /** The claim check of a job over the message size limit: its body lies in the private bucket. */
  z.object({ kind: z.literal('stored'), key: z.string().check(z.startsWith('mail-outbox/')) }),
]);
export type MailJobMessage = z.infer<typeof mailJobMessageSchema>;

export function encodeMailJob(job: MailJob): string {
  if (job.kind !== 'mail') return JSON.stringify(job);
  const { attachments, ...mail } = job.mail;
  return JSON.stringify({
    kind: 'mail',
    mail: {
      ...mail,
      ...(attachments?.length
        ? {
            attachments: attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.content).toString('base64'),
            })),
          }
        : {}),
    },
  });
}

/** Parses a message body; throws on anything that is not a job (the record then ends in the dead-letter queue). */
export function decodeMailJob(body: string): MailJobMessage {
  return mailJobMessageSchema.parse(JSON.parse(body));
}

/** The job of a parsed message that is not a claim check. */
export function mailJobOf(message: Exclude<MailJobMessage, { kind: 'stored' }>): MailJob {
  if (message.kind !== 'mail') return message;
  const { attachments, ...mail } = message.mail;
  return {
    kind: 'mail',
    mail: {
      ...mail,
      ...(attachments
        ? {
            attachments: attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: new Uint8Array(Buffer.from(a.content, 'base64')),
            })),
          }
        : {}),
    },
  };
}
