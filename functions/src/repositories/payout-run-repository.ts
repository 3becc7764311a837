import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { PayoutFigures, PayoutState } from '@gm/shared/payouts/ledger';
import { sellerInvoiceNo } from '@gm/shared/payouts/contracts';
import type { TransferStatus } from '@gm/shared/payouts/contracts';
import { advanceCounter, readCounter } from './gapless-counter.ts';
import { adjustmentKeys } from './order-admin-repository.ts';
import { orderKeys, toOrderRecord, type OrderRecord } from './order-repository.ts';
import { queryAll } from './query-all.ts';
import {
  sellerInvoiceKeys,
  toPayoutState,
  toSellerInvoiceRecord,
  type SellerInvoiceRecord,
} from './seller-invoice-keys.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';

/**
 * The write side of the payout run (issue 12; docs/data-model.md §4.8). The only writer of
 * `SELLER_INVOICE#…` (until the admin marks a payment complete or sends the invoice) and of the run's
 * fields on `SELLER#<id>#PAYOUTS/STATE`. Per seller the run is a resumable sequence:
 * claim (counter + building invoice + state lock, one transaction) → mark the orders and settle the
 * open adjustments (one conditional update each, idempotent for the same invoice) → PDF → finalize
 * (invoice issued + state totals, one transaction) → transfer → record it (one transaction).
 * `open_invoice_id` on the state is the lock and the resume pointer; `run_lease_until` tells a live
 * run from one that died.
 */

/** The state item as the run reads it: the ledger's totals plus the lock and the lease. */
export type PayoutRunState = PayoutState & {
  exists: boolean;
  open_invoice_id: string | null;
  run_lease: string | null;
  run_lease_until: string | null;
  last_run_at: string | null;
};

/** An order line as the run invoices it: the base table's values after the mark. */
export type MarkedOrder = OrderRecord & {
  seller_invoice_id?: string;
  invoiced_reversed_share?: number;
  refunded_amount?: number;
  reversed_seller_net?: number;
};

/** An adjustment (reversal after an earlier invoice) as stored. */
export type AdjustmentRecord = {
  order_id: string;
  order_no: string | null;
  seller_net: number;
  gross: number;
  status: 'open' | 'settled';
  settled_by?: string;
  cancellation_invoice_no?: string;
  created_at: string;
};

/** What the claim writes besides the number (and the PDF key and search text that follow from it): the building invoice. */
export type NewSellerInvoice = Omit<SellerInvoiceRecord, 'invoice_no' | 'pdf_key' | 'search_text'> & { year: number };

export type ClaimOutcome = { outcome: 'claimed'; invoice: SellerInvoiceRecord } | { outcome: 'busy' };
export type MarkOutcome =
  { outcome: 'marked'; order: MarkedOrder } | { outcome: 'other_invoice' } | { outcome: 'gone' };

export type PayoutRunRepository = ReturnType<typeof createPayoutRunRepository>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isTransactionConflict = (error: unknown) =>
  error instanceof TransactionCanceledException &&
  (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');

/** Upper bound of `<iso>#<id>` sort keys for an inclusive end instant. */
const endKey = (iso: string) => `${iso}#\uffff`;

const FIGURE_FIELDS = [
  'line_count',
  'gross',
  'commission',
  'processing_fees',
  'seller_net',
  'reversals',
  'adjustments',
  'carried_in',
  'commission_vat',
  'balance',
  'payout',
  'carry_out',
] as const satisfies readonly (keyof PayoutFigures)[];

export function createPayoutRunRepository(db: DynamoDBDocumentClient, tableName: string) {
  /** The state condition "the period cursor is still what this run read". */
  const periodCondition = (lastPeriodEnd: string | null) =>
    lastPeriodEnd === null
      ? { expression: 'attribute_not_exists(last_period_end)', values: {} }
      : { expression: 'last_period_end = :readEnd', values: { ':readEnd': lastPeriodEnd } };

  async function getState(sellerId: string): Promise<PayoutRunState> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: sellerInvoiceKeys.state(sellerId), ConsistentRead: true }),
    );
    const str = (value: unknown) => (typeof value === 'string' ? value : null);
    return {
      ...toPayoutState(Item),
      exists: Boolean(Item),
      open_invoice_id: str(Item?.open_invoice_id),
      run_lease: str(Item?.run_lease),
      run_lease_until: str(Item?.run_lease_until),
      last_run_at: str(Item?.last_run_at),
    };
  }

  async function getInvoice(id: string): Promise<SellerInvoiceRecord | undefined> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: sellerInvoiceKeys.item(id), ConsistentRead: true }),
    );
    return Item ? toSellerInvoiceRecord(Item) : undefined;
  }

  async function getOrder(orderId: string): Promise<MarkedOrder | undefined> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: orderKeys.item(orderId), ConsistentRead: true }),
    );
    return Item ? (toOrderRecord(Item) as MarkedOrder) : undefined;
  }

  return {
    getState,
    getInvoice,

    /**
     * The seller's completed orders with `completed_at` in (start, end] (GSI2 `SELLER#<id>#ORDERS`,
     * oldest first). The GSI copy only says WHICH orders; their figures are taken from the base
     * table when they are marked.
     */
    async ordersInPeriod(sellerId: string, start: string | null, end: string): Promise<MarkedOrder[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI2',
          KeyConditionExpression: start
            ? 'GSI2PK = :pk AND GSI2SK BETWEEN :start AND :end'
            : 'GSI2PK = :pk AND GSI2SK <= :end',
          ExpressionAttributeValues: {
            ':pk': orderKeys.sellerOrders(sellerId),
            ':end': endKey(end),
            // Exclusive start: every `<start>#<id>` sorts below `<start>#\uffff`.
            ...(start ? { ':start': endKey(start) } : {}),
          },
        }),
      );
      return items.map((item) => toOrderRecord(item) as MarkedOrder);
    },

    /** Open adjustments and those this invoice already settled (a resumed run), strongly consistent. */
    async adjustmentsFor(sellerId: string, invoiceId: string | null): Promise<AdjustmentRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :reversal)',
          FilterExpression: invoiceId ? '#status = :open OR settled_by = :inv' : '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':pk': adjustmentKeys.item(sellerId, '').PK,
            ':reversal': 'REVERSAL#',
            ':open': 'open',
            ...(invoiceId ? { ':inv': invoiceId } : {}),
          },
          ConsistentRead: true,
        }),
      );
      return items as unknown as AdjustmentRecord[];
    },

    /**
     * Nothing to invoice: only the period cursor moves (no number is drawn). Conditional on the
     * cursor as read and no open invoice; false when another run moved it first.
     */
    async advanceIdle(sellerId: string, read: string | null, end: string, at: string): Promise<boolean> {
      const period = periodCondition(read);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: sellerInvoiceKeys.state(sellerId),
            UpdateExpression: 'SET entity = :entity, seller_id = :sid, last_period_end = :end, last_run_at = :at',
            ConditionExpression: `${period.expression} AND attribute_not_exists(open_invoice_id)`,
            ExpressionAttributeValues: {
              ':entity': 'PayoutState',
              ':sid': sellerId,
              ':end': end,
              ':at': at,
              ...period.values,
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /**
     * The claim (ONE transaction): counter `COUNTER#SELLER_INVOICE#<yyyy>` n → n+1 (gap-free: the
     * number exists only together with its invoice), Put the `building` invoice (no GSI keys), and
     * on the state SET `open_invoice_id`, the lease and `last_period_end` = the period's end —
     * conditional on the cursor as read and no open invoice. `busy`: another run claimed first.
     */
    async claim(
      invoice: NewSellerInvoice,
      read: string | null,
      lease: { token: string; until: string },
    ): Promise<ClaimOutcome> {
      const period = periodCondition(read);
      let conflicts = 0;
      let taken = 0;
      for (;;) {
        const counterKey = sellerInvoiceKeys.counter(invoice.year);
        const n = await readCounter(db, tableName, counterKey);
        const { year: _year, ...rest } = invoice;
        const invoiceNo = sellerInvoiceNo(invoice.year, n + 1);
        const record: SellerInvoiceRecord = {
          ...rest,
          invoice_no: invoiceNo,
          pdf_key: sellerInvoiceKeys.pdf(invoiceNo, invoice.issued_at),
          pdf_source_key: sellerInvoiceKeys.pdfSource(sellerInvoiceKeys.pdf(invoiceNo, invoice.issued_at)),
          search_text: `${invoice.company_name} ${invoiceNo}`.toLowerCase(),
        };
        const parts: TransactionPart[] = [
          {
            Update: {
              TableName: tableName,
              Key: sellerInvoiceKeys.state(invoice.seller_id),
              UpdateExpression:
                'SET entity = :entity, seller_id = :sid, open_invoice_id = :inv, last_period_end = :end, last_run_at = :at, run_lease = :lease, run_lease_until = :until',
              ConditionExpression: `${period.expression} AND attribute_not_exists(open_invoice_id)`,
              ExpressionAttributeValues: {
                ':entity': 'PayoutState',
                ':sid': invoice.seller_id,
                ':inv': invoice.id,
                ':end': invoice.period_end,
                ':at': invoice.issued_at,
                ':lease': lease.token,
                ':until': lease.until,
                ...period.values,
              },
            },
          },
          advanceCounter(tableName, counterKey, n),
          {
            Put: {
              TableName: tableName,
              Item: { ...sellerInvoiceKeys.item(record.id), entity: 'SellerInvoice', ...record },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ];
        try {
          await db.send(new TransactWriteCommand({ TransactItems: parts }));
          return { outcome: 'claimed', invoice: record };
        } catch (error) {
          const failed = failedConditions(error);
          if (failed?.includes(0)) return { outcome: 'busy' };
          // Another invoice took number n+1 meanwhile: re-read the counter and try again.
          if (failed?.some((index) => index === 1 || index === 2)) {
            if (++taken > 8) throw error;
            await sleep(Math.random() * 40 * 2 ** Math.min(taken, 5));
            continue;
          }
          if (!isTransactionConflict(error) || ++conflicts >= 8) throw error;
          await sleep(20 * conflicts + Math.random() * 40 * 2 ** Math.min(conflicts, 5));
        }
      }
    },

    /**
     * Takes over an open invoice's run: the lease moves to this run unless another run holds a live
     * one. False = a live run is at it.
     */
    async takeLease(sellerId: string, invoiceId: string, lease: { token: string; until: string }, now: string) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: sellerInvoiceKeys.state(sellerId),
            UpdateExpression: 'SET run_lease = :lease, run_lease_until = :until',
            ConditionExpression:
              'open_invoice_id = :inv AND (attribute_not_exists(run_lease_until) OR run_lease_until <= :now OR run_lease = :lease)',
            ExpressionAttributeValues: { ':inv': invoiceId, ':lease': lease.token, ':until': lease.until, ':now': now },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /** Gives the lease back (an outage: the retry may resume at once). Only if still ours. */
    async releaseLease(sellerId: string, token: string): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: sellerInvoiceKeys.state(sellerId),
            UpdateExpression: 'REMOVE run_lease, run_lease_until',
            ConditionExpression: 'run_lease = :lease',
            ExpressionAttributeValues: { ':lease': token },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },

    /**
     * Marks one order as invoiced by `invoiceId` and answers the base table's values (ALL_NEW).
     * Condition: not invoiced and its reversal exactly as read — or already ours (a resumed run).
     * `invoiced_reversed_share` is written only once (if_not_exists), so a resumed run never
     * changes what an earlier attempt of the same invoice fixed. On a failed condition the order is
     * read again (strongly) and retried; an order of another invoice is skipped.
     */
    async markOrder(
      orderId: string,
      invoiceId: string,
      shareOf: (order: MarkedOrder) => number,
      first?: MarkedOrder,
    ): Promise<MarkOutcome> {
      let order: MarkedOrder | undefined = first ?? (await getOrder(orderId));
      for (let round = 0; round < 10; round++) {
        if (!order || order.status !== 'completed') return { outcome: 'gone' };
        if (order.seller_invoice_id && order.seller_invoice_id !== invoiceId) return { outcome: 'other_invoice' };
        const reversed = order.reversed === true;
        try {
          const { Attributes } = await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: orderKeys.item(orderId),
              UpdateExpression:
                'SET seller_invoice_id = :inv, invoiced_reversed_share = if_not_exists(invoiced_reversed_share, :share)',
              ConditionExpression: `(attribute_not_exists(seller_invoice_id) AND #status = :completed AND ${
                reversed ? 'reversed = :true' : '(attribute_not_exists(reversed) OR reversed <> :true)'
              }) OR seller_invoice_id = :inv`,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':inv': invoiceId,
                ':share': reversed ? shareOf(order) : 0,
                ':completed': 'completed',
                ':true': true,
              },
              ReturnValues: 'ALL_NEW',
            }),
          );
          return { outcome: 'marked', order: toOrderRecord(Attributes ?? {}) as MarkedOrder };
        } catch (error) {
          if (!isConditionalCheckFailed(error)) throw error;
          order = await getOrder(orderId);
        }
      }
      throw new Error(`order ${orderId} keeps changing while it is invoiced`);
    },

    /** Settles one open adjustment into `invoiceId` (or finds it settled by it already); undefined = settled by another. */
    async settleAdjustment(
      sellerId: string,
      orderId: string,
      invoiceId: string,
      at: string,
    ): Promise<AdjustmentRecord | undefined> {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: adjustmentKeys.item(sellerId, orderId),
            UpdateExpression: 'SET #status = :settled, settled_by = :inv, settled_at = if_not_exists(settled_at, :at)',
            ConditionExpression: '#status = :open OR settled_by = :inv',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':settled': 'settled', ':open': 'open', ':inv': invoiceId, ':at': at },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes as AdjustmentRecord | undefined;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },

    /**
     * Finalize (ONE transaction): the invoice gets its figures, `issued`, its GSI keys and transfer
     * status (condition `building`); the state ADDs the invoiced totals, SETs the carry and the
     * schedule anchor, and keeps the lock only while a transfer is pending. False = already
     * finalized (another attempt of the same invoice won).
     */
    async finalize(
      invoice: SellerInvoiceRecord,
      figures: PayoutFigures,
      transferStatus: TransferStatus,
    ): Promise<boolean> {
      const sk = sellerInvoiceKeys.sortKey(invoice.issued_at, invoice.id);
      const figureSet = FIGURE_FIELDS.map((field) => `#${field} = :${field}`).join(', ');
      const keepLock = transferStatus === 'pending';
      const parts: TransactionPart[] = [
        {
          Update: {
            TableName: tableName,
            Key: sellerInvoiceKeys.item(invoice.id),
            UpdateExpression: `SET ${figureSet}, #status = :issued, transfer_status = :transfer, GSI1PK = :g1, GSI1SK = :sk, GSI2PK = :g2, GSI2SK = :sk, GSI3PK = :g3, GSI3SK = :sk`,
            ConditionExpression: '#status = :building',
            ExpressionAttributeNames: {
              '#status': 'status',
              ...Object.fromEntries(FIGURE_FIELDS.map((field) => [`#${field}`, field])),
            },
            ExpressionAttributeValues: {
              ...Object.fromEntries(FIGURE_FIELDS.map((field) => [`:${field}`, figures[field]])),
              ':issued': 'issued',
              ':building': 'building',
              ':transfer': transferStatus,
              ':g1': sellerInvoiceKeys.sellerIndex(invoice.seller_id),
              ':g2': sellerInvoiceKeys.allIndex,
              ':g3': sellerInvoiceKeys.statusIndex(invoice.email_sent),
              ':sk': sk,
            },
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: sellerInvoiceKeys.state(invoice.seller_id),
            UpdateExpression: `SET carry_forward = :carry, last_payout_at = :at ADD invoiced_seller_net :net, invoiced_reversals :rev, invoiced_commission :com, invoiced_commission_vat :vat, invoiced_payout :payout${
              keepLock ? '' : ' REMOVE open_invoice_id, run_lease, run_lease_until'
            }`,
            ConditionExpression: 'open_invoice_id = :inv',
            ExpressionAttributeValues: {
              ':carry': figures.carry_out,
              ':at': invoice.issued_at,
              ':net': figures.seller_net,
              ':rev': figures.reversals + figures.adjustments,
              ':com': figures.commission,
              ':vat': figures.commission_vat,
              ':payout': figures.payout,
              ':inv': invoice.id,
            },
          },
        },
      ];
      try {
        await db.send(new TransactWriteCommand({ TransactItems: parts }));
        return true;
      } catch (error) {
        if (failedConditions(error)?.length) return false;
        throw error;
      }
    },

    /** The transfer exists: invoice `paid` (condition `pending`), state ADD `paid_out`, lock released. */
    async recordTransfer(invoice: SellerInvoiceRecord, transferId: string, at: string): Promise<boolean> {
      return closeTransfer(invoice, {
        invoiceSet: 'SET transfer_status = :paid, stripe_transfer_id = :tr, paid_at = :at',
        values: { ':paid': 'paid', ':tr': transferId, ':at': at, ':amount': invoice.payout },
        stateUpdate: 'ADD paid_out :amount REMOVE open_invoice_id, run_lease, run_lease_until',
      });
    },

    /** Stripe refused: invoice `failed` with Stripe's message (condition `pending`), lock released. */
    async recordTransferFailed(invoice: SellerInvoiceRecord, message: string, at: string): Promise<boolean> {
      return closeTransfer(invoice, {
        invoiceSet: 'SET transfer_status = :failed, transfer_error = :message, transfer_failed_at = :at',
        values: { ':failed': 'failed', ':message': message.slice(0, 500), ':at': at },
        stateUpdate: 'REMOVE open_invoice_id, run_lease, run_lease_until',
      });
    },

    /** An issued invoice whose transfer is no longer pending still holds the lock (defensive): release it. */
    async releaseLock(sellerId: string, invoiceId: string): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: sellerInvoiceKeys.state(sellerId),
            UpdateExpression: 'REMOVE open_invoice_id, run_lease, run_lease_until',
            ConditionExpression: 'open_invoice_id = :inv',
            ExpressionAttributeValues: { ':inv': invoiceId },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },

    /** Seller invoices issued in [start, end] (GSI1 `SELLER#<id>#SELLER_INVOICES`), oldest first. */
    async issuedInRange(sellerId: string, start: string, end: string): Promise<SellerInvoiceRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :start AND :end',
          ExpressionAttributeValues: {
            ':pk': sellerInvoiceKeys.sellerIndex(sellerId),
            ':start': start,
            ':end': endKey(end),
          },
        }),
      );
      return items.map(toSellerInvoiceRecord);
    },

    /** Sellers (GSI1 `ROLE#seller`, bounded by the sellers; never a Scan) with what the schedule needs. */
    async sellers(): Promise<{ id: string; created_at: string | null }[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': 'ROLE#seller' },
          ProjectionExpression: 'id, created_at, deleted_at',
        }),
      );
      return items
        .filter((item) => typeof item.id === 'string' && !item.deleted_at)
        .map((item) => ({
          id: item.id as string,
          created_at: typeof item.created_at === 'string' ? item.created_at : null,
        }));
    },
  };

  async function closeTransfer(
    invoice: SellerInvoiceRecord,
    change: { invoiceSet: string; values: Record<string, unknown>; stateUpdate: string },
  ): Promise<boolean> {
    const { ':amount': amount, ...invoiceValues } = change.values;
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: sellerInvoiceKeys.item(invoice.id),
                UpdateExpression: change.invoiceSet,
                ConditionExpression: 'transfer_status = :pending',
                ExpressionAttributeValues: { ...invoiceValues, ':pending': 'pending' },
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: sellerInvoiceKeys.state(invoice.seller_id),
                UpdateExpression: change.stateUpdate,
                ConditionExpression: 'open_invoice_id = :inv',
                ExpressionAttributeValues: {
                  ':inv': invoice.id,
                  ...(amount === undefined ? {} : { ':amount': amount }),
                },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (failedConditions(error)?.length) return false;
      throw error;
    }
  }
}
