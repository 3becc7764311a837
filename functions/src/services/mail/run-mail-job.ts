import type { MailOutbox } from '../../adapters/sqs-mail-queue.ts';
import { mailCancellation, type CancellationMailDeps } from '../admin/orders/cancellation-mail.ts';
import { sendPasswordReset } from '../auth/forgot-password.ts';
import type { Deps } from '../deps.ts';
import { deliverConfirmation, type ConfirmationMailDeps } from '../orders/confirmation-mail.ts';
import { mailSellerInvoice, type SellerInvoiceMailDeps } from '../payouts/seller-invoice-pdfs.ts';
import { mailGuestVouchers } from '../wallet/wallet-pdfs.ts';
import type { VoucherPdfDeps } from '../wallet/voucher-pdf.ts';
import { decodeMailJob, mailJobOf, type MailJob } from './mail-jobs.ts';

export type MailWorkerDeps = Pick<
  Deps,
  'users' | 'passwordResets' | 'mailer' | 'clock' | 'newToken' | 'hashToken' | 'appUrl' | 'userVouchers'
> &
  VoucherPdfDeps &
  ConfirmationMailDeps &
  CancellationMailDeps &
  SellerInvoiceMailDeps & { mailOutbox: MailOutbox };

/** Does one job; throws when it failed, so the queue delivers it again (at least once: a retry may repeat a mail). */
export async function runMailJob(deps: MailWorkerDeps, job: MailJob): Promise<void> {
  switch (job.kind) {
    case 'mail':
      await deps.mailer.send(job.mail);
      return;
    case 'password-reset':
      await sendPasswordReset(deps, job.email);
      return;
    case 'guest-vouchers':
      await mailGuestVouchers(deps, job.email);
      return;
    case 'order-confirmation':
      await deliverConfirmation(deps, job.paymentId);
      return;
    case 'cancellation':
      await mailCancellation(deps, job.orderId);
      return;
    case 'seller-invoice':
      await mailSellerInvoice(deps, job.invoiceId, job.to);
      return;
  }
}

/**
 * One message body: parses it (a claim check is fetched from the outbox first), runs the job, and
 * deletes the stored body once the job is done. A stored body that is gone was done by an earlier
 * delivery of the same message (SQS delivers at least once).
 */
export async function runMailMessage(deps: MailWorkerDeps, body: string): Promise<void> {
  const message = decodeMailJob(body);
  if (message.kind !== 'stored') return runMailJob(deps, mailJobOf(message));
  const stored = await deps.mailOutbox.read(message.key);
  if (stored === undefined) return;
  const inner = decodeMailJob(stored);
  if (inner.kind === 'stored') throw new Error('a stored mail job points to another');
  await runMailJob(deps, mailJobOf(inner));
  await deps.mailOutbox.delete(message.key);
}
