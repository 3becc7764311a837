import type { NumberingOutcome } from '../../repositories/invoice-numbering-repository.ts';
import { toInvoiceDraft, type InvoiceDraft } from '../../repositories/order-repository.ts';
import type { ChangedItem } from '../stats/stats-deltas.ts';
import type { Log } from '../telemetry.ts';

export type NumberInvoicesDeps = {
  invoiceNumbering: { number(drafts: readonly InvoiceDraft[]): Promise<NumberingOutcome> };
  log: Log;
};

/** The new invoice drafts of a stream batch (inserts of `ORDER#…/INVOICE_DRAFT`; their deletes are the numbering's own). */
export function newDrafts(changes: readonly ChangedItem[]): InvoiceDraft[] {
  return changes.flatMap((change) =>
    change.newImage && !change.oldImage && change.newImage.SK === 'INVOICE_DRAFT'
      ? [toInvoiceDraft(change.newImage)]
      : [],
  );
}

/**
 * Numbers the invoices a stream batch brought (issue 15: the sale's transaction writes a draft, not
 * the seller's counter). Idempotent: a redelivered draft is found numbered and skipped. A failure
 * throws, so Lambda retries the batch (then bisects it, then hands it to the dead-letter queue).
 */
export async function numberInvoices(
  deps: NumberInvoicesDeps,
  changes: readonly ChangedItem[],
): Promise<NumberingOutcome> {
  const drafts = newDrafts(changes);
  if (drafts.length === 0) return { numbered: 0, alreadyNumbered: 0, transactions: 0 };
  const outcome = await deps.invoiceNumbering.number(drafts);
  if (outcome.alreadyNumbered > 0) deps.log.info('invoices: redelivered drafts skipped', { ...outcome });
  return outcome;
}
