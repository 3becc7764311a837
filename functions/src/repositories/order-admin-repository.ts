import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { advanceCounter, readCounter } from './gapless-counter.ts';
import { giftKeys } from './gift-repository.ts';
import { invoiceCodeOf } from './invoice-code.ts';
import { listCountKeys, readListCount } from './list-counts.ts';
import { invoiceKeys, orderKeys, toOrderRecord, type InvoiceRecord, type OrderRecord } from './order-repository.ts';
import { queryCountUpTo, queryUpTo } from './query-all.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { userVoucherKeys, type UserVoucherRecord } from './user-voucher-repository.ts';

/**
 * Admin order management (issue 11; docs/data-model.md "Order", §4.4 step 3, §4.6, "SellerAdjustment"):
 * the `ORDERS` feed paged by cursor, deleting anyone's cart line, and the reversal — a claim on the
 * order item, then ONE transaction that marks the order reversed, voids its unredeemed user vouchers,
 * draws the gap-free cancellation invoice number and puts the invoice, adds the reversed figures to
 * the seller's and the platform's stats, puts the audit entry and (after the seller was invoiced) the
 * payout adjustment.
 */
export type OrderFeedPage = { items: OrderRecord[]; lastKey?: Record<string, unknown>; cut?: true };

/** Extra attributes the reversal writes on `ORDER#…` (not in OrderRecord of the cart/checkout). */
export type ReversalFields = {
  discount?: number;
  reversed_at?: string;
  refund_id?: string | null;
  refunded_amount?: number;
  cancellation_invoice_no?: string;
  seller_invoice_id?: string;
  /** The seller's share of the refund, `reversedSellerShare` (issue 12: the payout run invoices exactly this). */
  reversed_seller_net?: number;
  reversal_claim?: string;
  reversal_claim_until?: string;
  /** The refund amount the first claiming run computed: a retry after a crash refunds exactly this again (same idempotency key). */
  reversal_refund?: number;
  /** Refusals by Stripe so far: part of the idempotency key, so a refused refund can be tried again later. */
  reversal_attempt?: number;
  /** The Stornorechnung mail went out (absent on a reversed order = owed). */
  cancellation_mail_sent_at?: string;
  /** A run is sending the Stornorechnung mail until then (set by the reversal's transaction). */
  cancellation_mail_lease_until?: string;
};

/** What the claim (§4.4 step 3a) writes, from one read of the order, its gift and its vouchers. */
export type ReversalClaim = {
  orderId: string;
  token: string;
  now: string;
  until: string;
  /** The refund computed from the balances read (kept if an earlier unreleased claim stored one). */
  refund: number;
  /** `size(user_voucher_ids)` as read. */
  voucherCount: number;
  /** The gift as read: absent, done, or `issuing` by a run whose lease is over (token read). */
  gift: { state: 'absent' } | { state: 'done' } | { state: 'dead'; claimToken: string };
  /** The unredeemed vouchers to freeze, with the balances the refund was computed from. */
  freeze: Pick<UserVoucherRecord, 'id' | 'status' | 'remaining_value' | 'remaining_qty'>[];
  /** Planned gift units not issued yet: must stay unissued. */
  absentIds: string[];
};

/** `order`: the order changed (reversed, not completed, a live claim, other vouchers); `gift`: the gift changed; `changed`: a voucher changed. */
export type ClaimOutcome =
  { outcome: 'claimed'; order: AdminOrderRecord } | { outcome: 'order' } | { outcome: 'gift' } | { outcome: 'changed' };
export type AdminOrderRecord = OrderRecord & ReversalFields;

/**
 * Cancellation invoices (Stornorechnungen): their own gap-free series per seller and year,
 * `ST-<yyyy>-<code>-<000001>` with the seller's invoice code (§4.6, invoice-code.ts). Earlier ones keep
 * their `ST-<yyyy>-<000001>` numbers.
 */
export const cancellationKeys = {
  counter: (sellerId: string, year: string) => ({ PK: `COUNTER#CANCELLATION#${sellerId}#${year}`, SK: 'COUNTER' }),
  number: (year: string, code: string, n: number) => `ST-${year}-${code}-${String(n).padStart(6, '0')}`,
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
  /** User vouchers to void: those frozen (`reversing`) by this claim. */
  voidIds: string[];
  /** The Stornorechnung mail is owed from the commit on; this run holds its sending until then. */
  mailLeaseUntil: string;
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
     * keyword on `search_text`. Reads on until `limit` rows matched or the partition ends — with a
     * keyword at most `maxEvaluated` feed items: `cut` = that ran out first, `lastKey` searches on.
     */
    async page(
      limit: number,
      keyword: string | undefined,
      startKey?: Record<string, unknown>,
      maxEvaluated = Number.POSITIVE_INFINITY,
    ): Promise<OrderFeedPage> {
      const query = new QueryCommand({ ...feedQuery(keyword), ScanIndexForward: false });
      const bound = keyword
        ? { maxEvaluated, batch: 50, keyOf: (item: Record<string, unknown>) => feedKey(toOrderRecord(item)) }
        : undefined;
      const page = await queryUpTo(db, query, limit, startKey, bound);
      return { ...page, items: page.items.map(toOrderRecord) };
    },

    /**
     * The order line of an order number (`UNIQUE#ORDER_NO#<no>` → `ORDER#…`, two GetItems; every
     * completion writes that item). Absent: no such number, or a line written without it (fixtures).
     */
    async getByOrderNo(orderNo: string): Promise<AdminOrderRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: { PK: `UNIQUE#ORDER_NO#${orderNo}`, SK: 'UNIQUE' } }),
      );
      return typeof Item?.order_id === 'string' ? get(Item.order_id) : undefined;
    },

    /** Rows of the whole feed (reversed included): the aggregator's row count (list-counts.ts), one GetItem. */
    countAll: (): Promise<number> => readListCount(db, tableName, listCountKeys.platform, 'orders'),

    /**
     * Rows matching the keyword from `startKey` (a page's start), reading at most `maxEvaluated`
     * feed items: `ended` false = the budget ran out first (the count is a lower bound).
     */
    countMatchesAhead: (keyword: string, maxEvaluated: number, startKey?: Record<string, unknown>) =>
      // Newest first like the page read: "ahead" is the direction the admin pages in.
      queryCountUpTo(db, new QueryCommand({ ...feedQuery(keyword), ScanIndexForward: false }), maxEvaluated, startKey),

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
     * ONE transaction (§4.4 step 3a): claims the reversal of a completed, not reversed order for
     * `until` (a lease: a crashed run's claim expires) AND freezes its unredeemed vouchers, so nothing
     * can be redeemed, transferred or revoked between fixing the refund and voiding them. Index 0 the
     * order (SET `reversal_claim`, `reversal_claim_until`, `reversal_refund = if_not_exists(…)`;
     * condition completed, not reversed, no live claim, the voucher list as read), 1 the gift as read
     * (absent / `done` / `issuing` of a dead run with the same claim token), then each voucher to freeze
     * (SET `status = reversing`, `reversal_claim`; condition active with exactly the balance read — or
     * already `reversing`, frozen by an earlier run of this reversal that crashed), then a
     * ConditionCheck `attribute_not_exists` for each planned gift unit not issued yet. Keeps the refund
     * amount of an earlier claim that was never released (a run that crashed after Stripe may have
     * refunded it): the answer's `reversal_refund` is the amount to refund.
     */
    async claimReversal(claim: ReversalClaim): Promise<ClaimOutcome> {
      const n = claim.voucherCount;
      const parts: TransactionPart[] = [
        {
          Update: {
            TableName: tableName,
            Key: orderKeys.item(claim.orderId),
            UpdateExpression:
              'SET reversal_claim = :token, reversal_claim_until = :until, reversal_refund = if_not_exists(reversal_refund, :refund)',
            ConditionExpression: `attribute_exists(PK) AND #status = :completed AND (attribute_not_exists(reversed) OR reversed <> :true) AND (attribute_not_exists(reversal_claim_until) OR reversal_claim_until < :now) AND ${
              n
                ? 'size(user_voucher_ids) = :n'
                : '(attribute_not_exists(user_voucher_ids) OR size(user_voucher_ids) = :n)'
            }`,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':token': claim.token,
              ':until': claim.until,
              ':refund': claim.refund,
              ':completed': 'completed',
              ':true': true,
              ':now': claim.now,
              ':n': n,
            },
          },
        },
        giftCheck(tableName, claim.orderId, claim.gift),
        ...claim.freeze.map((uv): TransactionPart => ({
          Update: {
            TableName: tableName,
            Key: userVoucherKeys.item(uv.id),
            UpdateExpression: 'SET #status = :reversing, reversal_claim = :token, updated_at = :now',
            ConditionExpression:
              uv.status === 'reversing'
                ? '#status = :reversing'
                : '#status = :active AND remaining_value = :rv AND remaining_qty = :rq',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':reversing': 'reversing',
              ':token': claim.token,
              ':now': claim.now,
              ...(uv.status === 'reversing'
                ? {}
                : { ':active': 'active', ':rv': uv.remaining_value, ':rq': uv.remaining_qty }),
            },
          },
        })),
        ...claim.absentIds.map((id): TransactionPart => ({
          ConditionCheck: {
            TableName: tableName,
            Key: userVoucherKeys.item(id),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        })),
      ];
      let conflicts = 0;
      for (;;) {
        try {
          await db.send(new TransactWriteCommand({ TransactItems: parts }));
          const order = await get(claim.orderId);
          return order ? { outcome: 'claimed', order } : { outcome: 'order' };
        } catch (error) {
          const failed = failedConditions(error);
          if (failed?.includes(0)) return { outcome: 'order' };
          if (failed?.includes(1)) return { outcome: 'gift' };
          if (failed?.length) return { outcome: 'changed' };
          const conflict =
            error instanceof TransactionCanceledException &&
            (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
          if (!conflict || ++conflicts >= 10) throw error;
          await sleep(10 * conflicts + Math.random() * 20 * 2 ** Math.min(conflicts, 5));
        }
      }
    },

    /**
     * Gives the claim back (one transaction). `refused`: Stripe refused the refund (nothing was
     * refunded), so the stored amount goes, the next attempt uses a new idempotency key and the frozen
     * vouchers become `active` again (condition: still frozen by this claim). Otherwise (an outage, an
     * unknown outcome) amount, key and the frozen vouchers stay, so a retry replays exactly what Stripe
     * may already have done, against the same balances.
     */
    async releaseReversal(orderId: string, token: string, refused: boolean, frozenIds: string[]): Promise<void> {
      const orderPart: TransactionPart = {
        Update: {
          TableName: tableName,
          Key: orderKeys.item(orderId),
          UpdateExpression: refused
            ? 'REMOVE reversal_claim, reversal_claim_until, reversal_refund ADD reversal_attempt :one'
            : 'REMOVE reversal_claim, reversal_claim_until',
          ConditionExpression: 'reversal_claim = :token',
          ExpressionAttributeValues: { ':token': token, ...(refused ? { ':one': 1 } : {}) },
        },
      };
      const voucherParts = refused ? frozenIds.map((id) => unfreezePart(tableName, id, token)) : [];
      for (let conflicts = 0; ; conflicts++) {
        try {
          await db.send(new TransactWriteCommand({ TransactItems: [orderPart, ...voucherParts] }));
          return;
        } catch (error) {
          const failed = failedConditions(error);
          if (failed?.includes(0)) return; // the claim is not ours any more: nothing of it to give back
          if (failed?.length) {
            // A voucher is no longer frozen by us (cannot happen while the claim is ours): release the rest one by one.
            for (const part of [orderPart, ...voucherParts]) {
              try {
                await db.send(new TransactWriteCommand({ TransactItems: [part] }));
              } catch (inner) {
                if (!failedConditions(inner)?.length) throw inner;
              }
            }
            return;
          }
          const conflict =
            error instanceof TransactionCanceledException &&
            (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
          if (!conflict || conflicts >= 8) throw error;
          await sleep(20 * (conflicts + 1) + Math.random() * 40);
        }
      }
    },

    /**
     * The Stornorechnung mail is owed from the reversal's commit until `cancellation_mail_sent_at`
     * (like the Payment's confirmation mail). Claims its sending until `until`: only on a reversed
     * order whose mail is not sent and whose lease is absent or expired at `now`.
     */
    async claimCancellationMail(orderId: string, now: string, until: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKeys.item(orderId),
            UpdateExpression: 'SET cancellation_mail_lease_until = :until',
            ConditionExpression:
              'reversed = :true AND attribute_not_exists(cancellation_mail_sent_at) AND (attribute_not_exists(cancellation_mail_lease_until) OR cancellation_mail_lease_until < :now)',
            ExpressionAttributeValues: { ':until': until, ':now': now, ':true': true },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /** The Stornorechnung mail went out: recorded (sent once is final), the lease dropped. */
    async markCancellationMailSent(orderId: string, at: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: orderKeys.item(orderId),
          UpdateExpression:
            'SET cancellation_mail_sent_at = if_not_exists(cancellation_mail_sent_at, :at) REMOVE cancellation_mail_lease_until',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    },

    /** Sending failed: gives the lease back (only if it is still ours), so a retry can send at once. */
    async releaseCancellationMail(orderId: string, until: string): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKeys.item(orderId),
            UpdateExpression: 'REMOVE cancellation_mail_lease_until',
            ConditionExpression: 'cancellation_mail_lease_until = :until',
            ExpressionAttributeValues: { ':until': until },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },

    /**
     * The reversal transaction (§4.4 step 3c). Index 0 the order (condition: our claim, not reversed,
     * the same vouchers as read; SET the Stornorechnung mail's lease, so it is owed from here on), 1–2
     * the counter and the cancellation invoice (gap-free: re-read and retry), then the frozen vouchers
     * (`reversing` → `reversed`, condition: frozen by our claim), the stats, the audit entry and the
     * payout adjustment. `changed`: the order's voucher list changed meanwhile (a gift run that died
     * finished its bookkeeping) — the caller re-reads and calls again with the same claim.
     */
    async reverse(write: ReversalWrite): Promise<ReversalOutcome> {
      const { order } = write;
      const voucherCount = order.user_voucher_ids?.length ?? 0;
      let conflicts = 0;
      let taken = 0;
      // The seller's invoice code (claimed once, outside this transaction; a direct sale may not have one yet).
      const code = await invoiceCodeOf(db, tableName, write.invoice.seller_id);
      for (;;) {
        const counterKey = cancellationKeys.counter(write.invoice.seller_id, write.year);
        const n = await readCounter(db, tableName, counterKey);
        const invoiceNo = cancellationKeys.number(write.year, code, n + 1);
        const invoice: InvoiceRecord & { cancels: string | null } = { ...write.invoice, invoice_no: invoiceNo };
        const sortKey = `${write.at}#${invoiceNo}`;
        const parts: TransactionPart[] = [
          {
            Update: {
              TableName: tableName,
              Key: orderKeys.item(order.id),
              UpdateExpression:
                'SET reversed = :true, reversed_at = :at, updated_at = :at, refund_id = :refundId, refunded_amount = :refund, reversed_seller_net = :sellerNet, cancellation_invoice_no = :invoiceNo, cancellation_mail_lease_until = :mailLease REMOVE reversal_claim, reversal_claim_until',
              // The payout run's mark as read (issue 12): a line invoiced meanwhile needs the adjustment below.
              ConditionExpression: `reversal_claim = :token AND (attribute_not_exists(reversed) OR reversed <> :true) AND ${
                voucherCount
                  ? 'size(user_voucher_ids) = :n'
                  : '(attribute_not_exists(user_voucher_ids) OR size(user_voucher_ids) = :n)'
              } AND ${order.seller_invoice_id ? 'seller_invoice_id = :sinv' : 'attribute_not_exists(seller_invoice_id)'}`,
              ExpressionAttributeValues: {
                ':true': true,
                ':at': write.at,
                ':refundId': write.refundId,
                ':refund': write.refund,
                ':invoiceNo': invoiceNo,
                ':token': write.claimToken,
                ':n': voucherCount,
                ':mailLease': write.mailLeaseUntil,
                ':sellerNet': write.reversedSellerNet,
                ...(order.seller_invoice_id ? { ':sinv': order.seller_invoice_id } : {}),
              },
            },
          },
          advanceCounter(tableName, counterKey, n),
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
          ...write.voidIds.map((id): TransactionPart => ({
            Update: {
              TableName: tableName,
              Key: userVoucherKeys.item(id),
              UpdateExpression:
                'SET #status = :reversed, reversed_at = :at, updated_at = :at ADD version :one REMOVE GSI3PK, GSI3SK, reversal_claim',
              ConditionExpression: '#status = :reversing AND reversal_claim = :token',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':reversed': 'reversed',
                ':reversing': 'reversing',
                ':token': write.claimToken,
                ':at': write.at,
                ':one': 1,
              },
            },
          })),
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

/** The gift exactly as the claim read it: a gift issued or taken over meanwhile fails the claim. */
function giftCheck(tableName: string, orderId: string, gift: ReversalClaim['gift']): TransactionPart {
  const check = { TableName: tableName, Key: giftKeys.item(orderId) };
  if (gift.state === 'absent') return { ConditionCheck: { ...check, ConditionExpression: 'attribute_not_exists(PK)' } };
  if (gift.state === 'done')
    return {
      ConditionCheck: {
        ...check,
        ConditionExpression: '#state = :done',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':done': 'done' },
      },
    };
  return {
    ConditionCheck: {
      ...check,
      ConditionExpression: '#state = :issuing AND claim_token = :token',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':issuing': 'issuing', ':token': gift.claimToken },
    },
  };
}

/** A voucher frozen by `token` becomes active again (Stripe refused the refund). */
function unfreezePart(tableName: string, id: string, token: string): TransactionPart {
  return {
    Update: {
      TableName: tableName,
      Key: userVoucherKeys.item(id),
      UpdateExpression: 'SET #status = :active REMOVE reversal_claim',
      ConditionExpression: '#status = :reversing AND reversal_claim = :token',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 'active', ':reversing': 'reversing', ':token': token },
    },
  };
}

function feedKey(order: OrderRecord): Record<string, unknown> {
  const sk = orderKeys.sortKey(order.completed_at ?? order.created_at, order.id);
  return { ...orderKeys.item(order.id), GSI3PK: orderKeys.allOrders, GSI3SK: sk };
}
