import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { CursorPartition, KeyPage, StartKey } from '../services/cursor-paging.ts';
import { queryAll, queryCount } from './query-all.ts';
import {
  sellerInvoiceKeys,
  toPayoutState,
  toSellerInvoiceRecord,
  type SellerInvoiceRecord,
} from './seller-invoice-keys.ts';
import type { TransactionPart } from './transaction-part.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';

/**
 * The read/admin side of seller invoices (issue 12; 03 §2 /payout, §7; data-model §4.8): lists by
 * issue time (GSI2 `SELLER_INVOICES`, a seller's own on GSI1, by mail status on GSI3), one invoice,
 * the admin's "payment complete" and the "sent" mark. Only issued invoices are ever answered: the
 * payout run writes the index keys when it issues, and `get` ignores a `building` one.
 */
export type SellerInvoiceFilter = {
  /** ISO bounds of `issued_at` (both included): the first and last instant of Vienna days. */
  start?: string | undefined;
  end?: string | undefined;
  /** Lower-case substring of `search_text` (company name, invoice number). */
  keyword?: string | undefined;
  /** One seller's invoices (GSI1). */
  sellerId?: string | undefined;
  /** 03 §4 status: pending (not mailed) or completed (mailed). */
  status?: 'pending' | 'completed' | undefined;
};

/** The index a filter reads: a seller's own (GSI1), by mail status (GSI3), or all (GSI2). */
export function invoicePartition(filter: Pick<SellerInvoiceFilter, 'sellerId' | 'status'>): CursorPartition {
  const item = (key: { PK: string; SK: string }) => key.PK.startsWith('SELLER_INVOICE#') && key.SK === 'SELLER_INVOICE';
  if (filter.sellerId) return { index: 'GSI1', pk: sellerInvoiceKeys.sellerIndex(filter.sellerId), item };
  if (filter.status) return { index: 'GSI3', pk: sellerInvoiceKeys.statusIndex(filter.status === 'completed'), item };
  return { index: 'GSI2', pk: sellerInvoiceKeys.allIndex, item };
}

export type CompletePaymentOutcome =
  | { outcome: 'completed'; invoice: SellerInvoiceRecord }
  | { outcome: 'missing' }
  | { outcome: 'not_completable'; invoice: SellerInvoiceRecord };

export type SellerInvoiceRepository = ReturnType<typeof createSellerInvoiceRepository>;

export function createSellerInvoiceRepository(db: DynamoDBDocumentClient, tableName: string) {
  /** The Query of a filter (newest first); the keyword and, on a seller's index, the status are filters. */
  function rangeQuery(filter: SellerInvoiceFilter) {
    const partition = invoicePartition(filter);
    const values: Record<string, unknown> = { ':pk': partition.pk };
    let key = `${partition.index}PK = :pk`;
    const sk = `${partition.index}SK`;
    // The sort key is `<issued_at>#<id>`: the end bound takes every id of the last instant.
    if (filter.start && filter.end) {
      key += ` AND ${sk} BETWEEN :start AND :end`;
      values[':start'] = filter.start;
      values[':end'] = `${filter.end}\uffff`;
    } else if (filter.start) {
      key += ` AND ${sk} >= :start`;
      values[':start'] = filter.start;
    } else if (filter.end) {
      key += ` AND ${sk} <= :end`;
      values[':end'] = `${filter.end}\uffff`;
    }
    const conditions: string[] = [];
    if (filter.keyword) {
      conditions.push('contains(search_text, :keyword)');
      values[':keyword'] = filter.keyword;
    }
    if (filter.sellerId && filter.status) {
      conditions.push('email_sent = :sent');
      values[':sent'] = filter.status === 'completed';
    }
    return {
      partition,
      input: {
        TableName: tableName,
        IndexName: partition.index,
        KeyConditionExpression: key,
        ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
      },
    };
  }

  /** The start key of the page after `record` on the filter's index. */
  function keyAfter(record: SellerInvoiceRecord, partition: CursorPartition): StartKey {
    return {
      ...sellerInvoiceKeys.item(record.id),
      [`${partition.index}PK`]: partition.pk,
      [`${partition.index}SK`]: sellerInvoiceKeys.sortKey(record.issued_at, record.id),
    };
  }

  async function get(id: string, consistent = false): Promise<SellerInvoiceRecord | undefined> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: sellerInvoiceKeys.item(id), ConsistentRead: consistent }),
    );
    if (!Item || Item.status !== 'issued') return undefined;
    return toSellerInvoiceRecord(Item);
  }

  return {
    /** One issued invoice (a `building` one of an unfinished run is not there yet). */
    get,

    /**
     * One page (`limit` rows, newest first) of a filter from `startKey`. With a keyword the reads go
     * on until the page is full; the next page starts right after the last row taken.
     */
    async page(filter: SellerInvoiceFilter, limit: number, startKey?: StartKey): Promise<KeyPage<SellerInvoiceRecord>> {
      const { partition, input } = rangeQuery(filter);
      const filtered = Boolean(input.FilterExpression);
      const items: SellerInvoiceRecord[] = [];
      let key = startKey;
      do {
        const answer = await db.send(
          new QueryCommand({
            ...input,
            Limit: filtered ? Math.max(50, limit) : limit - items.length,
            ...(key ? { ExclusiveStartKey: key } : {}),
          }),
        );
        for (const raw of answer.Items ?? []) {
          if (items.length === limit) return { items, lastKey: keyAfter(items[items.length - 1]!, partition) };
          items.push(toSellerInvoiceRecord(raw));
        }
        key = answer.LastEvaluatedKey;
      } while (key && items.length < limit);
      if (items.length === limit && key) return { items, lastKey: keyAfter(items[items.length - 1]!, partition) };
      return { items, ...(key ? { lastKey: key } : {}) };
    },

    /**
     * How many invoices match: a `Select: COUNT` Query on the same range and filter, counted once per
     * search (the service carries it in the cursor); bounded by the chosen period and one invoice per
     * seller and payout run.
     */
    count(filter: SellerInvoiceFilter): Promise<number> {
      return queryCount(db, new QueryCommand(rangeQuery(filter).input));
    },

    /** A seller's own invoices, newest first (GSI1). */
    listBySeller(sellerId: string, limit: number, startKey?: StartKey): Promise<KeyPage<SellerInvoiceRecord>> {
      return this.page({ sellerId }, limit, startKey);
    },

    /**
     * Every invoice of a filter, oldest first, read page by page (exports and commission stats of a
     * chosen period; the caller bounds the range).
     */
    async *each(filter: SellerInvoiceFilter): AsyncGenerator<SellerInvoiceRecord> {
      const { input } = rangeQuery(filter);
      let key: StartKey | undefined;
      do {
        const answer = await db.send(
          new QueryCommand({ ...input, ScanIndexForward: true, ...(key ? { ExclusiveStartKey: key } : {}) }),
        );
        for (const raw of answer.Items ?? []) yield toSellerInvoiceRecord(raw);
        key = answer.LastEvaluatedKey;
      } while (key);
    },

    /**
     * PUT seller-invoice/{id} {isCompleted:true}: ONE transaction — the invoice `manual|failed` →
     * `completed` with `paid_at` (condition: issued and still manual/failed), ADD `paid_out` on the
     * seller's payout state, and the audit entry. Two concurrent marks: one wins, the other reads
     * the completed invoice back and is refused.
     */
    async completePayment(
      id: string,
      at: string,
      actorId: string,
      audit: TransactionPart,
      attempt = 0,
    ): Promise<CompletePaymentOutcome> {
      const invoice = await get(id, true);
      if (!invoice) return { outcome: 'missing' };
      if (invoice.transfer_status !== 'manual' && invoice.transfer_status !== 'failed')
        return { outcome: 'not_completable', invoice };
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: sellerInvoiceKeys.item(id),
                  UpdateExpression: 'SET transfer_status = :completed, paid_at = :at, completed_by = :actor',
                  ConditionExpression: '#status = :issued AND transfer_status IN (:manual, :failed)',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':completed': 'completed',
                    ':at': at,
                    ':actor': actorId,
                    ':issued': 'issued',
                    ':manual': 'manual',
                    ':failed': 'failed',
                  },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: sellerInvoiceKeys.state(invoice.seller_id),
                  UpdateExpression: 'SET entity = if_not_exists(entity, :entity) ADD paid_out :payout',
                  ExpressionAttributeValues: { ':entity': 'PayoutState', ':payout': invoice.payout },
                },
              },
              audit,
            ],
          }),
        );
      } catch (error) {
        // Another transaction held one of the items at that instant: read again and retry.
        if (
          error instanceof TransactionCanceledException &&
          (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict') &&
          attempt < 4
        ) {
          await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
          return this.completePayment(id, at, actorId, audit, attempt + 1);
        }
        const failed = failedConditions(error);
        if (failed?.includes(0)) {
          const now = await get(id, true);
          return now ? { outcome: 'not_completable', invoice: now } : { outcome: 'missing' };
        }
        throw error;
      }
      return { outcome: 'completed', invoice: { ...invoice, transfer_status: 'completed', paid_at: at } };
    },

    /**
     * send-invoice: SET `email_sent`, `email_sent_at` (the latest mail), ADD `email_count`, and move
     * GSI3 to `SELLER_INVOICES#completed` (03 §4). A resend keeps `email_sent`.
     */
    async markEmailSent(id: string, at: string): Promise<SellerInvoiceRecord | undefined> {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: sellerInvoiceKeys.item(id),
            UpdateExpression: 'SET email_sent = :true, email_sent_at = :at, GSI3PK = :pk ADD email_count :one',
            ConditionExpression: '#status = :issued',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':true': true,
              ':at': at,
              ':pk': sellerInvoiceKeys.statusIndex(true),
              ':one': 1,
              ':issued': 'issued',
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? toSellerInvoiceRecord(Attributes) : undefined;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },

    /**
     * The admin home's open payouts without reading the growing invoice list: the sellers (GSI1
     * `ROLE#seller`, bounded by the sellers), their payout states (BatchGet), and only for a seller
     * whose invoiced payout exceeds what was paid, that seller's invoices still open.
     */
    async openPayouts(): Promise<{ count: number; amount: number }> {
      const sellers = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': 'ROLE#seller' },
          ProjectionExpression: 'PK',
        }),
      );
      const ids = sellers.flatMap((s) => (typeof s.PK === 'string' && s.PK.startsWith('USER#') ? [s.PK.slice(5)] : []));
      const open: { sellerId: string; amount: number }[] = [];
      for (let i = 0; i < ids.length; i += 100) {
        let keys: Record<string, unknown>[] = ids.slice(i, i + 100).map((id) => sellerInvoiceKeys.state(id));
        while (keys.length) {
          const answer = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }));
          for (const item of answer.Responses?.[tableName] ?? []) {
            const state = toPayoutState(item);
            const amount = state.invoiced_payout - state.paid_out;
            const sellerId = String(item.PK)
              .replace(/^SELLER#/, '')
              .replace(/#PAYOUTS$/, '');
            if (amount > 0) open.push({ sellerId, amount });
          }
          keys = (answer.UnprocessedKeys?.[tableName]?.Keys as Record<string, unknown>[] | undefined) ?? [];
        }
      }
      const counts = await Promise.all(
        open.map(({ sellerId }) =>
          queryAll(
            db,
            new QueryCommand({
              TableName: tableName,
              IndexName: 'GSI1',
              KeyConditionExpression: 'GSI1PK = :pk',
              FilterExpression: 'transfer_status IN (:pending, :manual, :failed)',
              ExpressionAttributeValues: {
                ':pk': sellerInvoiceKeys.sellerIndex(sellerId),
                ':pending': 'pending',
                ':manual': 'manual',
                ':failed': 'failed',
              },
              ProjectionExpression: 'PK',
            }),
          ).then((items) => items.length),
        ),
      );
      return {
        count: counts.reduce((a, b) => a + b, 0),
        amount: open.reduce((a, b) => a + b.amount, 0),
      };
    },
  };
}
