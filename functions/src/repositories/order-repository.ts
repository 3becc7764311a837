import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { batchGetAll } from './batch-get.ts';
import { invoiceCodeOf } from './invoice-code.ts';
import { queryAll, queryCount } from './query-all.ts';
import { failedConditions, isConditionalCheckFailed, isTransactionConflict } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `ORDER#<orderId>` / `ORDER` (docs/data-model.md "Order"): one item per cart line. While pending it
 * sits under the owner's cart key in GSI1 (`USER#<userId>#CART` or `GUEST_CART#<cartId>`) with a
 * 90-day `ttl`; completion (checkout, below) moves it to the orders key. Pending lines are only
 * changed under `#status = pending` and the owner condition.
 */
export type OrderOwner = { kind: 'user'; userId: string } | { kind: 'guest'; cartId: string };
export type OrderStatus = 'pending' | 'completed';
export type OrderChannel = 'marketplace' | 'subdomain' | 'direktverkauf';

export type OrderRecord = {
  id: string;
  status: OrderStatus;
  user_id?: string;
  /** Guests: the anonymous cart id (x-cart-id). */
  cart_id?: string;
  guest?: { email: string; first_name: string; last_name: string };
  voucher_id: string;
  seller_id: string;
  /** The voucher as it was when the line was added (voucherSchema fields); history never joins. */
  voucher: Voucher;
  qty: number;
  value: number | null;
  total_qty: number;
  total_value: number;
  total_amount: number;
  channel: OrderChannel;
  subdomain: string | null;
  is_gift: boolean;
  payment_id?: string;
  p_type?: 'stripe' | 'bank' | 'none';
  order_no: string | null;
  invoice_no: string | null;
  commission?: number;
  processing_fee?: number;
  seller_net?: number;
  user_voucher_ids?: string[];
  reversed: boolean;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** Coupon discount on this line (cents), set at completion. */
  discount?: number;
  /** The seller's sale notice was sent (issue 12, services/seller-mails/sale-notice.ts). */
  seller_mail_sent_at?: string;
};

export type NewPendingOrder = Omit<
  OrderRecord,
  'status' | 'order_no' | 'invoice_no' | 'reversed' | 'updated_at' | 'completed_at' | 'user_id' | 'cart_id'
>;

export type LineAmounts = Pick<OrderRecord, 'qty' | 'value' | 'total_qty' | 'total_value' | 'total_amount'>;

/** Cart lines live 90 days; DynamoDB Local never expires, so reads filter `ttl > now` themselves. */
export const CART_TTL_SECONDS = 90 * 24 * 60 * 60;

export const orderKeys = {
  item: (orderId: string) => ({ PK: `ORDER#${orderId}`, SK: 'ORDER' }),
  /** GSI1PK of an owner's cart (pending lines). */
  cart: (owner: OrderOwner) => (owner.kind === 'user' ? `USER#${owner.userId}#CART` : `GUEST_CART#${owner.cartId}`),
  /** GSI1PK of a buyer's completed orders (guests' completed orders are keyed by e-mail: `guestOrders`). */
  userOrders: (userId: string) => `USER#${userId}#ORDERS`,
  guestOrders: (email: string) => `GUEST#${email.toLowerCase()}#ORDERS`,
  sellerOrders: (sellerId: string) => `SELLER#${sellerId}#ORDERS`,
  allOrders: 'ORDERS',
  /** Sort key of every order index: `<time>#<orderId>`. */
  sortKey: (at: string, orderId: string) => `${at}#${orderId}`,
};

/** The admin search text of an order without the buyer (a deleted account's orders): number, seller, voucher title. */
function searchTextWithoutBuyer(item: Record<string, unknown>): string {
  const voucher = (item.voucher ?? {}) as {
    title?: string;
    seller?: { username?: string; company?: { name?: string } };
  };
  return [item.order_no, voucher.seller?.username, voucher.seller?.company?.name, voucher.title]
    .filter((part) => typeof part === 'string' && part)
    .join(' ')
    .toLowerCase();
}

export function toOrderRecord(item: Record<string, unknown>): OrderRecord {
  return withoutKeys(item, 'ttl', 'search_text') as OrderRecord;
}

function ownerCondition(owner: OrderOwner): { expression: string; values: Record<string, unknown> } {
  return owner.kind === 'user'
    ? { expression: 'user_id = :me', values: { ':me': owner.userId } }
    : { expression: 'cart_id = :cart', values: { ':cart': owner.cartId } };
}

export function ownsOrder(record: Pick<OrderRecord, 'user_id' | 'cart_id'>, owner: OrderOwner): boolean {
  return owner.kind === 'user' ? record.user_id === owner.userId : record.cart_id === owner.cartId;
}

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

export type OrderRepository = ReturnType<typeof createOrderRepository>;

export function createOrderRepository(db: DynamoDBDocumentClient, tableName: string) {
  /** An owner's cart lines that have not expired (GSI1 of the cart; a cart is bounded). */
  const pendingQuery = (owner: OrderOwner, now: Date) =>
    new QueryCommand({
      TableName: tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: '#status = :pending AND #ttl > :now',
      ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':pk': orderKeys.cart(owner), ':pending': 'pending', ':now': nowSeconds(now) },
    });

  /** All of an owner's cart lines that have not expired, oldest first (bounded partition). */
  async function pendingOf(owner: OrderOwner, now: Date): Promise<OrderRecord[]> {
    return (await queryAll(db, pendingQuery(owner, now))).map(toOrderRecord);
  }

  return {
    /**
     * Account deletion (issue 11): deletes of all the user's pending lines, expired ones included
     * (condition: still pending — a line a payment completed meanwhile fails the chunk, and the rerun no
     * longer finds it in the cart). Completed orders are never deleted.
     */
    async accountDeletionParts(userId: string): Promise<TransactionPart[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': orderKeys.cart({ kind: 'user', userId }) },
        }),
      );
      // Completed orders stay (retention), but the admin search must no longer find them by the buyer's name.
      const completed = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': orderKeys.userOrders(userId) },
        }),
      );
      return [
        ...items.map((item) => ({
          Delete: {
            TableName: tableName,
            Key: orderKeys.item(item.id as string),
            ConditionExpression: 'attribute_not_exists(PK) OR #status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pending': 'pending' },
          },
        })),
        ...completed.map((item) => ({
          Update: {
            TableName: tableName,
            Key: orderKeys.item(item.id as string),
            UpdateExpression: 'SET search_text = :text',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':text': searchTextWithoutBuyer(item) },
          },
        })),
      ];
    },

    /** Puts a new pending line under the owner's cart key, with a 90-day ttl. */
    async addPending(owner: OrderOwner, line: NewPendingOrder): Promise<OrderRecord> {
      const record: OrderRecord = {
        ...line,
        ...(owner.kind === 'user' ? { user_id: owner.userId } : { cart_id: owner.cartId }),
        status: 'pending',
        order_no: null,
        invoice_no: null,
        reversed: false,
        updated_at: line.created_at,
        completed_at: null,
      };
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...orderKeys.item(line.id),
            GSI1PK: orderKeys.cart(owner),
            GSI1SK: orderKeys.sortKey(line.created_at, line.id),
            entity: 'Order',
            ttl: Math.floor(Date.parse(line.created_at) / 1000) + CART_TTL_SECONDS,
            ...record,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return record;
    },

    /** One line, any status (consistent read). */
    async get(orderId: string): Promise<OrderRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: orderKeys.item(orderId), ConsistentRead: true }),
      );
      return Item ? toOrderRecord(Item) : undefined;
    },

    /** Several orders in one round trip (consistent BatchGets of ≤ 100), in the order of `ids`. */
    async getMany(orderIds: readonly string[]): Promise<(OrderRecord | undefined)[]> {
      const items = await batchGetAll(db, tableName, orderIds.map(orderKeys.item), true);
      return items.map((item) => (item ? toOrderRecord(item) : undefined));
    },

    /** Changes a pending line's amounts; undefined when it is not the owner's, not pending or gone. */
    async updatePending(
      orderId: string,
      owner: OrderOwner,
      amounts: LineAmounts,
      at: string,
    ): Promise<OrderRecord | undefined> {
      const condition = ownerCondition(owner);
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKeys.item(orderId),
            UpdateExpression:
              'SET qty = :qty, #value = :value, total_qty = :tq, total_value = :tv, total_amount = :ta, updated_at = :at',
            ConditionExpression: `attribute_exists(PK) AND #status = :pending AND ${condition.expression}`,
            ExpressionAttributeNames: { '#status': 'status', '#value': 'value' },
            ExpressionAttributeValues: {
              ...condition.values,
              ':pending': 'pending',
              ':qty': amounts.qty,
              ':value': amounts.value,
              ':tq': amounts.total_qty,
              ':tv': amounts.total_value,
              ':ta': amounts.total_amount,
              ':at': at,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? toOrderRecord(Attributes) : undefined;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },

    /** Deletes a pending line of the owner's; false when it is not theirs, not pending or gone. */
    async deletePending(orderId: string, owner: OrderOwner): Promise<boolean> {
      const condition = ownerCondition(owner);
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: orderKeys.item(orderId),
            ConditionExpression: `attribute_exists(PK) AND #status = :pending AND ${condition.expression}`,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ...condition.values, ':pending': 'pending' },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /** The owner's cart (unexpired pending lines), oldest first: what checkout prices. */
    async listPendingByOwner(owner: OrderOwner, now: Date = new Date()): Promise<OrderRecord[]> {
      return pendingOf(owner, now);
    },

    /**
     * The owner's lines of one status, newest first (bounded partitions: a cart, a buyer's orders;
     * the caller cuts the page with `paginate()`). Guests have no completed list by cart id.
     */
    async listByOwner(owner: OrderOwner, status: OrderStatus, now: Date = new Date()): Promise<OrderRecord[]> {
      if (status === 'pending') return (await pendingOf(owner, now)).reverse();
      if (owner.kind !== 'user') return [];
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          FilterExpression: '#status = :completed',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pk': orderKeys.userOrders(owner.userId), ':completed': 'completed' },
          ScanIndexForward: false,
        }),
      );
      return items.map(toOrderRecord);
    },

    /** Number of unexpired cart lines (`Select: COUNT`, filter `ttl > now`; a cart is bounded). */
    countPending(owner: OrderOwner, now: Date = new Date()): Promise<number> {
      return queryCount(db, pendingQuery(owner, now));
    },

    // ---- Checkout and completion (engineer B) below this line -----------------------------------

    /**
     * `order_no` from `COUNTER#ORDER_NO#<yyyy>` (§4.6: ADD 1 before the line's transaction, gaps
     * allowed): `GM-<yyyy>-<000001>`.
     */
    async nextOrderNo(year: string): Promise<string> {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { PK: `COUNTER#ORDER_NO#${year}`, SK: 'COUNTER' },
          UpdateExpression: 'SET entity = :entity ADD #value :one',
          ExpressionAttributeNames: { '#value': 'value' },
          ExpressionAttributeValues: { ':one': 1, ':entity': 'Counter' },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return `GM-${year}-${String(Attributes?.value as number).padStart(6, '0')}`;
    },

    /** A customer invoice (`INVOICE#<invoice_no>`, immutable); undefined when there is none. */
    async getInvoice(invoiceNo: string): Promise<InvoiceRecord | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: invoiceKeys.item(invoiceNo) }));
      return Item ? toInvoiceRecord(Item) : undefined;
    },

    /**
     * The lines among `orderIds` whose invoice still waits for its number (its draft exists; consistent
     * BatchGets). A line not among them has its `invoice_no` in any read made after this one, or no invoice.
     */
    async invoicesPending(orderIds: readonly string[]): Promise<string[]> {
      const drafts = await batchGetAll(db, tableName, orderIds.map(invoiceDraftKeys.item), true);
      return orderIds.filter((_, i) => drafts[i] !== undefined);
    },

    /** Several invoices in one round trip, in the order of `invoiceNos`. */
    async getInvoices(invoiceNos: readonly string[]): Promise<(InvoiceRecord | undefined)[]> {
      const items = await batchGetAll(db, tableName, invoiceNos.map(invoiceKeys.item));
      return items.map((item) => (item ? toInvoiceRecord(item) : undefined));
    },

    /**
     * Completes one paid line in ONE transaction (data-model §4.4): the line (condition: still
     * pending, still the payer's) becomes `completed` with the amounts that were paid, its order
     * number, frozen fees and user voucher ids; its GSI keys move from the cart to the buyer's
     * orders, the seller's orders and the admin feed; `ttl` goes. `parts` are the other writes of the
     * sale (user voucher, code), committed with it or not at all, as is the invoice's draft
     * (`ORDER#<id>/INVOICE_DRAFT`, numbered from the stream: invoice-numbering-repository.ts). A line
     * that is no longer pending (an earlier or concurrent run completed it) is `already_completed` and
     * nothing is written.
     */
    async completeLine(
      line: CompletedLine,
      parts: TransactionPart[],
      invoice?: NewInvoice,
    ): Promise<'completed' | 'already_completed'> {
      const owner = ownerCondition(line.owner);
      const update: TransactionPart = {
        Update: {
          TableName: tableName,
          Key: orderKeys.item(line.orderId),
          UpdateExpression:
            [
              `SET #status = :completed, completed_at = :at, updated_at = :at, order_no = :orderNo, ${line.paymentId ? 'payment_id = :payment, ' : ''}p_type = :ptype`,
              'qty = :qty, #value = :value, total_qty = :tq, total_value = :tv, total_amount = :ta, discount = :discount',
              'commission = :commission, processing_fee = :fee, seller_net = :net, user_voucher_ids = :uvs, search_text = :search',
              'GSI1PK = :g1, GSI1SK = :sk, GSI2PK = :g2, GSI2SK = :sk, GSI3PK = :g3, GSI3SK = :sk',
              ...(line.guest ? ['guest = :guest'] : []),
            ].join(', ') + ' REMOVE #ttl',
          ConditionExpression: `attribute_exists(PK) AND #status = :pending AND ${owner.expression}`,
          ExpressionAttributeNames: { '#status': 'status', '#value': 'value', '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ...owner.values,
            ':pending': 'pending',
            ':completed': 'completed',
            ':at': line.completedAt,
            ':orderNo': line.orderNo,
            ...(line.paymentId ? { ':payment': line.paymentId } : {}),
            ':ptype': line.pType,
            ':qty': line.amounts.qty,
            ':value': line.amounts.value,
            ':tq': line.amounts.total_qty,
            ':tv': line.amounts.total_value,
            ':ta': line.amounts.total_amount,
            ':discount': line.discount,
            ':commission': line.commission,
            ':fee': line.processingFee,
            ':net': line.sellerNet,
            ':uvs': line.userVoucherIds,
            ':search': line.searchText,
            ':g1': line.ordersKey,
            ':g2': orderKeys.sellerOrders(line.sellerId),
            ':g3': orderKeys.allOrders,
            ':sk': orderKeys.sortKey(line.completedAt, line.orderId),
            ...(line.guest ? { ':guest': line.guest } : {}),
          },
        },
      };
      const uniqueOrderNo: TransactionPart = {
        Put: {
          TableName: tableName,
          Item: { PK: `UNIQUE#ORDER_NO#${line.orderNo}`, SK: 'UNIQUE', entity: 'Unique', order_id: line.orderId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
      // The invoice goes in as a draft; the stream numbers it (invoice-numbering-repository.ts). The
      // seller's invoice code is claimed here, once per seller and outside this transaction.
      const draft = invoice
        ? [invoiceDraftPart(tableName, { ...invoice, code: await invoiceCodeOf(db, tableName, invoice.seller_id) })]
        : [];
      for (let conflicts = 0; ;) {
        try {
          await db.send(new TransactWriteCommand({ TransactItems: [update, uniqueOrderNo, ...draft, ...parts] }));
          return 'completed';
        } catch (error) {
          if (failedConditions(error)?.includes(0)) return 'already_completed';
          // Another transaction touched the same items at that instant (a concurrent run of this payment): try again.
          if (!isTransactionConflict(error) || ++conflicts >= 6) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20 * conflicts + Math.random() * 40 * 2 ** conflicts));
        }
      }
    },
  };
}

// ---- Checkout and completion (engineer B) ------------------------------------------------------

/**
 * Customer invoice (data-model "Invoice", §4.6): numbered `RE-<yyyy>-<code>-<000001>` without gaps per
 * seller (the supplier) and year: the completion writes a draft, the stream numbers it
 * (invoice-numbering-repository.ts). `code` is the seller's platform-unique invoice code
 * (invoice-code.ts). Invoices issued before issue 15 keep their
 * `RE-<yyyy>-<000001>` numbers of the former platform-wide series.
 */
export const invoiceKeys = {
  item: (invoiceNo: string) => ({ PK: `INVOICE#${invoiceNo}`, SK: 'INVOICE' }),
  counter: (sellerId: string, year: string) => ({ PK: `COUNTER#INVOICE#${sellerId}#${year}`, SK: 'COUNTER' }),
  number: (year: string, code: string, n: number) => `RE-${year}-${code}-${String(n).padStart(6, '0')}`,
  sellerInvoices: (sellerId: string) => `SELLER#${sellerId}#INVOICES`,
  allInvoices: 'INVOICES',
};

/** One invoice line in cents (gross prices, VAT contained). `tax_rate` null: multi-purpose voucher, VAT due on redemption. */
export type InvoiceLine = {
  title: string;
  qty: number;
  unit: number;
  tax_rate: number | null;
  net: number;
  tax: number;
  gross: number;
};

export type InvoiceRecord = {
  invoice_no: string;
  order_id: string;
  order_no: string;
  seller_id: string;
  /** The supplier as it was at issue time. */
  seller: { name: string; address: string | null; vat_number: string | null };
  buyer: { name: string; email: string };
  /** The buying user (null for guests): with the order it decides who may download. */
  buyer_user_id: string | null;
  lines: InvoiceLine[];
  /** Coupon discount on this order line (cents), already deducted from the lines' gross. */
  discount: number;
  /** The voucher's tax is 'unsure': a multi-purpose voucher (Mehrzweckgutschein), VAT due on redemption. */
  multi_purpose: boolean;
  net: number;
  tax: number;
  gross: number;
  /** A cancellation invoice (Stornorechnung, `ST-…`, issue 11): the invoice number it reverses (null: the order had none). Amounts are negative. */
  cancels?: string | null;
  issued_at: string;
};

/** What completion passes to write an invoice: everything but the number, plus the Vienna year of issue. */
export type NewInvoice = Omit<InvoiceRecord, 'invoice_no'> & { year: string };

/**
 * `ORDER#<orderId>` / `INVOICE_DRAFT` (data-model "InvoiceDraft", §4.6): the invoice the completion
 * owes, without its number, with the seller's invoice code; deleted when it is numbered.
 */
export const invoiceDraftKeys = {
  item: (orderId: string) => ({ PK: `ORDER#${orderId}`, SK: 'INVOICE_DRAFT' }),
};

/** A draft: the invoice without its number, the Vienna year of issue and the seller's invoice code. */
export type InvoiceDraft = NewInvoice & { code: string };

/** The completion's part: Put the draft (condition: new; the line's own condition decides a rerun first). */
function invoiceDraftPart(tableName: string, draft: InvoiceDraft): TransactionPart {
  return {
    Put: {
      TableName: tableName,
      Item: { ...invoiceDraftKeys.item(draft.order_id), entity: 'InvoiceDraft', ...draft },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export function toInvoiceDraft(item: Record<string, unknown>): InvoiceDraft {
  return withoutKeys(item) as InvoiceDraft;
}

/** What the completion writes on a paid line (data-model §4.4); amounts are the ones the payment charged. */
export type CompletedLine = {
  orderId: string;
  owner: OrderOwner;
  /** Absent for a direct sale (p_type none, completed at 'Bestellung abgeben' without a payment). */
  paymentId?: string;
  pType: 'stripe' | 'bank' | 'none';
  completedAt: string;
  orderNo: string;
  sellerId: string;
  /** GSI1PK of the buyer's orders: `orderKeys.userOrders` or `orderKeys.guestOrders`. */
  ordersKey: string;
  amounts: LineAmounts;
  /** Cents of the coupon discount that fell on this line. */
  discount: number;
  commission: number;
  processingFee: number;
  sellerNet: number;
  userVoucherIds: string[];
  searchText: string;
  guest?: { email: string; first_name: string; last_name: string };
};

function toInvoiceRecord(item: Record<string, unknown>): InvoiceRecord {
  return withoutKeys(item) as InvoiceRecord;
}
