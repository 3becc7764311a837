import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import {
  appUrl,
  clock,
  companies,
  hashToken,
  log,
  mailer,
  mailOutbox,
  mediaReader,
  newToken,
  orderAdmin,
  orders,
  passwordResets,
  paymentRecords,
  privateFileReader,
  resolve,
  sellerInvoices,
  templates,
  users,
  userVouchers,
  vouchers,
} from '../lib/deps.ts';
import { observedHandler } from '../lib/observability.ts';
import { runMailMessage, type MailWorkerDeps } from '../services/mail/run-mail-job.ts';
import { silentLog, type Log } from '../services/telemetry.ts';

/**
 * The mail worker (issue 14): the mail queue's event source mapping calls it with a batch of jobs.
 * Each record is done on its own; the failed ones are reported (`ReportBatchItemFailures`), so only
 * they return to the queue, and after five receives SQS moves a job to the dead-letter queue.
 */
export function mailQueueConsumer(deps: () => MailWorkerDeps, log: Log = silentLog) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        await runMailMessage(deps(), record.body);
      } catch (error) {
        // Ids only: a job carries addresses and mail text (personal data).
        log.error('mail job failed', {
          messageId: record.messageId,
          receiveCount: record.attributes?.ApproximateReceiveCount,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

/** The worker's production wiring (tests swap the mailer). */
export const mailWorkerDeps = (): MailWorkerDeps =>
  resolve({
    users,
    passwordResets,
    mailer,
    clock,
    newToken,
    hashToken,
    appUrl,
    userVouchers,
    companies,
    vouchers,
    templates,
    mediaReader,
    mailOutbox,
    orders,
    orderAdmin,
    paymentRecords,
    sellerInvoices,
    privateFileReader,
  });

export const handler = observedHandler('mail-queue', mailQueueConsumer(mailWorkerDeps, log()));
