import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from './batch-get.ts';
import { advanceCounter, readCounter } from './gapless-counter.ts';
import {
  invoiceDraftKeys,
  invoiceKeys,
  orderKeys,
  toInvoiceDraft,
  type InvoiceDraft,
  type InvoiceRecord,
} from './order-repository.ts';
import { failedConditions, isTransactionConflict } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';

/** DynamoDB's 100 items per transaction: the counter and three items per draft. */
export const DRAFTS_PER_TRANSACTION = 33;
const MAX_ROUNDS = 12;

export type NumberingOutcome = { numbered: number; alreadyNumbered: number; transactions: number };

export type InvoiceNumberingRepository = ReturnType<typeof createInvoiceNumberingRepository>;

/**
 * Invoice numbering off the sale's transaction (issue 15, data-model §4.6). The completion writes
 * `ORDER#<orderId>` / `INVOICE_DRAFT`: the invoice without its number, with the seller's invoice code
 * (claimed before, invoice-code.ts). The table's stream hands new drafts to the stats aggregator's
 * Lambda (services/orders/number-invoices.ts), which numbers them here, per seller and year, in ONE
 * transaction per group of at most 33 drafts:
 * - the counter `COUNTER#INVOICE#<sellerId>#<yyyy>` moves from n to n + k (condition: still n);
 * - per draft, in the order of issue: Put `INVOICE#RE-<yyyy>-<code>-<n+i>` (condition: new), Update the
 *   order line `SET invoice_no` (condition: none yet), Delete the draft (condition: it exists).
 * So a number exists exactly when its invoice, its order's `invoice_no` and the counter say so: no
 * gaps, no duplicates. A redelivered record finds its draft gone (the Delete's condition fails); a
 * concurrent numbering of the same seller (another shard) moves the counter first. Either cancels
 * the transaction: the drafts still there are read again and numbered from the counter read again.
 */
export function createInvoiceNumberingRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  /** Per draft: Put the numbered invoice, set the order's `invoice_no`, delete the draft. */
  function draftParts(draft: InvoiceDraft, invoiceNo: string): TransactionPart[] {
    const { year: _year, code: _code, ...fields } = draft;
    const record: InvoiceRecord = { ...fields, invoice_no: invoiceNo };
    const sortKey = `${record.issued_at}#${invoiceNo}`;
    return [
      {
        Put: {
          TableName: tableName,
          Item: {
            ...invoiceKeys.item(invoiceNo),
            GSI1PK: invoiceKeys.sellerInvoices(record.seller_id),
            GSI1SK: sortKey,
            GSI2PK: invoiceKeys.allInvoices,
            GSI2SK: sortKey,
            entity: 'Invoice',
            ...record,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: tableName,
          Key: orderKeys.item(draft.order_id),
          UpdateExpression: 'SET invoice_no = :no',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(invoice_no) OR invoice_no = :none)',
          ExpressionAttributeValues: { ':no': invoiceNo, ':none': null },
        },
      },
      {
        Delete: {
          TableName: tableName,
          Key: invoiceDraftKeys.item(draft.order_id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    ];
  }

  /** The drafts of these orders still waiting for a number (consistent reads), in the order given. */
  async function stillDrafted(drafts: readonly InvoiceDraft[]): Promise<InvoiceDraft[]> {
    const items = await batchGetAll(
      db,
      tableName,
      drafts.map((d) => invoiceDraftKeys.item(d.order_id)),
      true,
    );
    return items.flatMap((item) => (item ? [toInvoiceDraft(item)] : []));
  }

  /** One seller's and year's group (≤ DRAFTS_PER_TRANSACTION), numbered in one transaction. */
  async function numberGroup(group: readonly InvoiceDraft[], outcome: NumberingOutcome): Promise<void> {
    const first = group[0]!;
    const counterKey = invoiceKeys.counter(first.seller_id, first.year);
    let pending = [...group];
    for (let round = 0; pending.length > 0; round++) {
      const n = await readCounter(db, tableName, counterKey);
      const parts = [
        advanceCounter(tableName, counterKey, n, pending.length),
        ...pending.flatMap((draft, i) => draftParts(draft, invoiceKeys.number(draft.year, draft.code, n + 1 + i))),
      ];
      try {
        outcome.transactions++;
        await db.send(new TransactWriteCommand({ TransactItems: parts }));
        outcome.numbered += pending.length;
        return;
      } catch (error) {
        // The counter moved (another shard numbered this seller) or a draft is gone (numbered by an
        // earlier delivery of its record) or another writer held an item: read again and retry.
        const retry = (failedConditions(error)?.length ?? 0) > 0 || isTransactionConflict(error);
        if (!retry || round >= MAX_ROUNDS) throw error;
        const left = await stillDrafted(pending);
        outcome.alreadyNumbered += pending.length - left.length;
        pending = left;
        await sleep(5 * round + Math.random() * 10 * 2 ** Math.min(round, 6));
      }
    }
  }

  return {
    /**
     * Numbers the drafts: grouped by seller and year, each group in the order of issue (then order
     * id), in transactions of at most DRAFTS_PER_TRANSACTION. Groups of different sellers run side by side.
     */
    async number(drafts: readonly InvoiceDraft[], concurrency = 8): Promise<NumberingOutcome> {
      const bySeries = new Map<string, InvoiceDraft[]>();
      for (const draft of drafts) {
        const series = `${draft.seller_id}#${draft.year}`;
        bySeries.set(series, [...(bySeries.get(series) ?? []), draft]);
      }
      const queues = [...bySeries.values()].map((series) =>
        [...series].sort((a, b) => a.issued_at.localeCompare(b.issued_at) || a.order_id.localeCompare(b.order_id)),
      );
      const outcome: NumberingOutcome = { numbered: 0, alreadyNumbered: 0, transactions: 0 };
      let next = 0;
      // One series at a time per worker: its chunks follow each other, so its numbers follow the order of issue.
      const worker = async () => {
        while (next < queues.length) {
          const series = queues[next++]!;
          for (let i = 0; i < series.length; i += DRAFTS_PER_TRANSACTION)
            await numberGroup(series.slice(i, i + DRAFTS_PER_TRANSACTION), outcome);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, queues.length) }, worker));
      return outcome;
    },
  };
}
