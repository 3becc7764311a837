import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { statsBuckets } from '@gm/shared/dates/stats-buckets';
import { giftKeys } from './gift-repository.ts';
import { invoiceKeys, orderKeys, toOrderRecord, type InvoiceRecord, type OrderRecord } from './order-repository.ts';
import { statsKeys } from './sales-stats.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { userVoucherKeys } from './user-voucher-repository.ts';

/**
 * Admin order management (issue 11; docs/data-model.md "Order", §4.4 step 3, §4.6, "SellerAdjustment"):
 * the `ORDERS` feed paged by cursor, deleting anyone's cart line, and the reversal — a claim on the
 * order item, then ONE transaction that marks the order reversed, voids its unredeemed user vouchers,
 * draws the gap-free cancellation invoice number and puts the invoice, adds the reversed figures to
 * the seller's and the platform's stats, puts the audit entry and (after the seller was invoiced) the
 * payout adjustment.
 */
export type OrderFeedPage = { items: OrderRecord[]; lastKey?: Record<string, unknown> };

/** Extra attributes the reversal writes on `ORDER#…` (not in OrderRecord of the cart/checkout). */
export type ReversalFields = {
  discount?: number;
  reversed_at?: string;
  refund_id?: string | null;
  refunded_amount?: number;
  cancellation_invoice_no?: string;
  seller_invoice_id?: string;
  reversal_claim?: string;
  reversal_claim_until?: string;
  /** The refund amount the first claiming run computed: a retry after a crash refunds exactly this again (same idempotency key). */
  reversal_refund?: number;
  /** Refusals by Stripe so far: part of the idempotency key, so a refused refund can be tried again later. */
  reversal_attempt?: number;
};
export type AdminOrderRecord = OrderRecord & ReversalFields;

/** Cancellation invoices (Stornorechnungen): their own gap-free series `ST-<yyyy>-<000001>` (§4.6). */
export const cancellationKeys = {
  counter: (year: string) => ({ PK: `COUNTER#CANCELLATION#${year}`, SK: 'COUNTER' }),
  number: (year: string, n: number) => `ST-${year}-${String(n).padStart(6, '0')}`,
};

/** A reversal after the seller was invoiced: recorded against the seller's next payout (finance issue 12 consumes it). */
export const adjustmentKeys = {
  item: (sellerId: string, orderId: string) => ({ PK: `SELLER#${sellerId}#ADJUSTMENTS`, SK: `REVERSAL#${orderId}` }),
};

export type ReversalWrite = {
  order: AdminOrderRecord;
  claimToken: string;
  at: string;
  year: string;
  refund: number;
  refundId: string | null;
  /** The seller's share of the reversed amount (cents), added to `reversed_seller_net`. */
  reversedSellerNet: number;
  /** User vouchers to void (status active at the last read). */
  voidIds: string[];
  /** The cancellation invoice without its number. */
  invoice: Omit<InvoiceRecord, 'invoice_no'> & { cancels: string | null };
  audit: TransactionPart;
};

export type ReversalOutcome =
  | { outcome: 'reversed'; cancellationInvoiceNo: string }
  | { outcome: 'already_reversed'; order: AdminOrderRecord }
  | { outcome: 'claim_lost' }
  | { outcome: 'changed' };

export type OrderAdminRepository = ReturnType<typeof createOrderAdminRepository>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createOrderAdminRepository(db: DynamoDBDocumentClient, tableName: string) {
  const feedQuery = (keyword: string | undefined) => ({
    TableName: tableName,
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': orderKeys.allOrders, ...(keyword ? { ':kw': keyword } : {}) },
    ...(keyword ? { FilterExpression: 'contains(search_text, :kw)' } : {}),
  });

  async function get(orderId: string): Promise<AdminOrderRecord | undefined> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: orderKeys.item(orderId), ConsistentRead: true }),
    );
    return Item ? (toOrderRecord(Item) as AdminOrderRecord) : undefined;
  }

  return {
    get,

    /**
     * One page of the admin feed `ORDERS` (GSI3, newest first), optionally filtered by a lower-case
     * keyword on `search_text`. Reads on until `limit` rows matched or the partition ends.
     */
    async page(limit: number, keyword: string | undefined, startKey?: Record<string, unknown>): Promise<OrderFeedPage> {
      const items: OrderRecord[] = [];
      let key = startKey;
      do {
        const answer = await db.send(
          new QueryCommand({
            ...feedQuery(keyword),
            ScanIndexForward: false,
            Limit: keyword ? Math.max(50, limit) : limit - items.length,
            ...(key ? { ExclusiveStartKey: key } : {}),
          }),
        );
        for (const raw of answer.Items ?? []) {
          if (items.length === limit) {
            // Read past the page (filtered query): the next page starts right after the last row taken.
            const last = items[items.length - 1]!;
            return { items, lastKey: feedKey(last) };
          }
          items.push(toOrderRecord(raw));
        }
        key = answer.LastEvaluatedKey;
      } while (key && items.length < limit);
      if (items.length === limit && key) return { items, lastKey: feedKey(items[items.length - 1]!) };
      return { items, ...(key ? { lastKey: key } : {}) };
    },

    /** Rows of the feed (matching the keyword): a `Select: COUNT` Query over `ORDERS`. */
    async count(keyword: string | undefined): Promise<number> {
      let total = 0;
      let key: Record<string, unknown> | undefined;
      do {
        const answer = await db.send(
          new QueryCommand({ ...feedQuery(keyword), Select: 'COUNT', ...(key ? { ExclusiveStartKey: key } : {}) }),
        );
        total += answer.Count ?? 0;
        key = answer.LastEvaluatedKey;
      } while (key);
      return total;
    },

    /** Deletes a pending (cart) line of anyone; a completed order is never deleted. */
    async deletePending(
      orderId: string,
    ): Promise<{ outcome: 'deleted'; owner: string } | { outcome: 'not_pending' | 'missing' }> {
      try {
        const { Attributes } = await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: orderKeys.item(orderId),
            ConditionExpression: 'attribute_exists(PK) AND #status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pending': 'pending' },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return { outcome: 'deleted', owner: String(Attributes?.user_id ?? Attributes?.cart_id ?? '') };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        return { outcome: (await get(orderId)) ? 'not_pending' : 'missing' };
      }
    },

    /**
     * Claims the reversal of a completed, not reversed order for `until` (a lease: a crashed run's
     * claim expires). Keeps the refund amount of an earlier claim that was never released (a run that
     * crashed after Stripe may have refunded it): the answer's `reversal_refund` is the amount to refund.
     */
    async claimReversal(
      orderId: string,
      token: string,
      now: string,
      until: string,
      refund: number,
    ): Promise<AdminOrderRecord | undefined> {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKeys.item(orderId),
            UpdateExpression:
              'SET reversal_claim = :token, reversal_claim_until = :until, reversal_refund = if_not_exists(reversal_refund, :refund)',
            ConditionExpression:
              'attribute_exists(PK) AND #status = :completed AND (attribute_not_exists(reversed) OR reversed <> :true) AND (attribute_not_exists(reversal_claim_until) OR reversal_claim_until < :now)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':token': token,
              ':until': until,
              ':refund': refund,
              ':completed': 'completed',
              ':true': true,
              ':now': now,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? (toOrderRecord(Attributes) as AdminOrderRecord) : undefined;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },

    /**
     * Gives the claim back. `refused`: Stripe refused the refund (nothing was refunded), so the stored
     * amount goes and the next attempt uses a new idempotency key; otherwise (an outage, unknown
     * outcome) amount and key stay, so a retry replays what Stripe may already have done.
     */
    async releaseReversal(orderId: string, token: string, refused: boolean): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKeys.item(orderId),
            UpdateExpression: refused
              ? 'REMOVE reversal_claim, reversal_claim_until, reversal_refund ADD reversal_attempt :one'
              : 'REMOVE reversal_claim, reversal_claim_until',
            ConditionExpression: 'reversal_claim = :token',
            ExpressionAttributeValues: { ':token': token, ...(refused ? { ':one': 1 } : {}) },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },

    /**
     * The reversal transaction (§4.4 step 3). Index 0 the order (condition: our claim, not reversed,
     * the same vouchers as read), 1–2 the counter and the cancellation invoice (gap-free: re-read and
     * retry), then a ConditionCheck that no gift is being issued, the vouchers (condition: still
     * active), the stats, the audit entry and the payout adjustment. `changed`: a voucher or the gift
     * changed meanwhile — the caller re-reads and calls again with the same claim.
     */
    async reverse(write: ReversalWrite): Promise<ReversalOutcome> {
      const { order } = write;
      const voucherCount = order.user_voucher_ids?.length ?? 0;
      let conflicts = 0;
      let taken = 0;
      for (;;) {
        const counterKey = cancellationKeys.counter(write.year);
        const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: counterKey, ConsistentRead: true }));
        const n = typeof Item?.value === 'number' ? Item.value : 0;
        const invoiceNo = cancellationKeys.number(write.year, n + 1);
        const invoice: InvoiceRecord & { cancels: string | null } = { ...write.invoice, invoice_no: invoiceNo };
        const sortKey = `${write.at}#${invoiceNo}`;
        const parts: TransactionPart[] = [
          {
            Update: {
              TableName: tableName,
              Key: orderKeys.item(order.id),
              UpdateExpression:
                'SET reversed = :true, reversed_at = :at, updated_at = :at, refund_id = :refundId, refunded_amount = :refund, cancellation_invoice_no = :invoiceNo REMOVE reversal_claim, reversal_claim_until',
              ConditionExpression: `reversal_claim = :token AND (attribute_not_exists(reversed) OR reversed <> :true) AND ${
                voucherCount
                  ? 'size(user_voucher_ids) = :n'
                  : '(attribute_not_exists(user_voucher_ids) OR size(user_voucher_ids) = :n)'
              }`,
              ExpressionAttributeValues: {
                ':true': true,
                ':at': write.at,
                ':refundId': write.refundId,
                ':refund': write.refund,
                ':invoiceNo': invoiceNo,
                ':token': write.claimToken,
                ':n': voucherCount,
              },
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: counterKey,
              UpdateExpression: 'SET #value = :next, entity = :entity',
              ConditionExpression: n === 0 ? 'attribute_not_exists(#value)' : '#value = :n',
              ExpressionAttributeNames: { '#value': 'value' },
              ExpressionAttributeValues: { ':next': n + 1, ':entity': 'Counter', ...(n === 0 ? {} : { ':n': n }) },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...invoiceKeys.item(invoiceNo),
                GSI1PK: invoiceKeys.sellerInvoices(invoice.seller_id),
                GSI1SK: sortKey,
                GSI2PK: invoiceKeys.allInvoices,
                GSI2SK: sortKey,
                entity: 'Invoice',
                ...invoice,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            ConditionCheck: {
              TableName: tableName,
              Key: giftKeys.item(order.id),
              ConditionExpression: 'attribute_not_exists(PK) OR #state <> :issuing',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: { ':issuing': 'issuing' },
            },
          },
          ...write.voidIds.map((id): TransactionPart => ({
            Update: {
              TableName: tableName,
              Key: userVoucherKeys.item(id),
              UpdateExpression: 'SET #status = :reversed, reversed_at = :at ADD version :one REMOVE GSI3PK, GSI3SK',
              ConditionExpression: 'attribute_exists(PK) AND #status = :active',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':reversed': 'reversed', ':active': 'active', ':at': write.at, ':one': 1 },
            },
          })),
          ...reversalStatsParts(tableName, {
            sellerId: order.seller_id,
            at: write.at,
            gross: write.refund,
            sellerNet: write.reversedSellerNet,
          }),
          write.audit,
          ...(order.seller_invoice_id
            ? [
                {
                  Put: {
                    TableName: tableName,
                    Item: {
                      ...adjustmentKeys.item(order.seller_id, order.id),
                      entity: 'SellerAdjustment',
                      kind: 'reversal',
                      seller_id: order.seller_id,
                      order_id: order.id,
                      order_no: order.order_no,
                      seller_invoice_id: order.seller_invoice_id,
                      cancellation_invoice_no: invoiceNo,
                      gross: -write.refund,
                      seller_net: -write.reversedSellerNet,
                      status: 'open',
                      created_at: write.at,
                    },
                    ConditionExpression: 'attribute_not_exists(PK)',
                  },
                } satisfies TransactionPart,
              ]
            : []),
        ];
        try {
          await db.send(new TransactWriteCommand({ TransactItems: parts }));
          return { outcome: 'reversed', cancellationInvoiceNo: invoiceNo };
        } catch (error) {
          const failed = failedConditions(error);
          if (failed?.includes(0)) {
            const now = await get(order.id);
            if (now?.reversed) return { outcome: 'already_reversed', order: now };
            if (now?.reversal_claim !== write.claimToken) return { outcome: 'claim_lost' };
            return { outcome: 'changed' };
          }
          if (failed?.some((index) => index === 1 || index === 2)) {
            if (++taken > 8) throw error;
            await sleep(Math.random() * 40 * 2 ** Math.min(taken, 5));
            continue;
          }
          if (failed?.length) return { outcome: 'changed' };
          const conflict =
            error instanceof TransactionCanceledException &&
            (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
          if (!conflict || ++conflicts >= 8) throw error;
          await sleep(20 * conflicts + Math.random() * 40 * 2 ** Math.min(conflicts, 5));
        }
      }
    },
  };
}

function feedKey(order: OrderRecord): Record<string, unknown> {
  const sk = orderKeys.sortKey(order.completed_at ?? order.created_at, order.id);
  return { ...orderKeys.item(order.id), GSI3PK: orderKeys.allOrders, GSI3SK: sk };
}

/**
 * A reversal's counters: `reversed_count` +1, `reversed_gross` (the refunded/reversed amount) and on
 * the seller's stats `reversed_seller_net` (the seller's share of it), in the buckets of the reversal
 * time. Readers subtract them (shared/src/seller/dashboard.ts).
 */
export function reversalStatsParts(
  tableName: string,
  r: { sellerId: string; at: string; gross: number; sellerNet: number },
): TransactionPart[] {
  const buckets = statsBuckets(r.at);
  return [
    ...buckets.map((sk): TransactionPart => ({
      Update: {
        TableName: tableName,
        Key: statsKeys.seller(r.sellerId, sk),
        UpdateExpression:
          'SET entity = :entity ADD reversed_count :one, reversed_gross :gross, reversed_seller_net :net',
        ExpressionAttributeValues: { ':entity': 'SellerStats', ':one': 1, ':gross': r.gross, ':net': r.sellerNet },
      },
    })),
    ...buckets.map((sk): TransactionPart => ({
      Update: {
        TableName: tableName,
        Key: statsKeys.platform(sk),
        UpdateExpression: 'SET entity = :entity ADD reversed_count :one, reversed_gross :gross',
        ExpressionAttributeValues: { ':entity': 'PlatformStats', ':one': 1, ':gross': r.gross },
      },
    })),
  ];
}
