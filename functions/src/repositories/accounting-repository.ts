import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OutstandingRedemptionInput, OutstandingVoucherInput } from '@gm/shared/payouts/outstanding-vouchers';
import { batchGetAll } from './batch-get.ts';
import { companyKeys } from './company-repository.ts';
import { invoiceKeys, orderKeys, type InvoiceRecord, type OrderRecord } from './order-repository.ts';
import { queryAll } from './query-all.ts';
import { redemptionKeys } from './redemption-repository.ts';
import { sellerInvoiceKeys, toSellerInvoiceRecord, type SellerInvoiceRecord } from './seller-invoice-keys.ts';
import { userVoucherKeys } from './user-voucher-repository.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * Read side of the accounting exports and the outstanding-voucher report (issue 12; docs/data-model.md
 * "Accounting exports"). Every read is a Query on an index key (never a Scan):
 * - completed orders by `completed_at`: GSI2 `SELLER#<id>#ORDERS` (one seller) or GSI3 `ORDERS` (all),
 * - Stornorechnungen by `issued_at`: GSI1 `SELLER#<id>#INVOICES` / GSI2 `INVOICES`, filtered on `cancels`,
 * - issued seller invoices by `issued_at`: GSI1 `SELLER#<id>#SELLER_INVOICES` / GSI2 `SELLER_INVOICES`,
 * - a seller's user vouchers up to a moment: GSI2 `SELLER#<id>#USER_VOUCHERS` (`<created_at>#<id>`),
 * - a seller's redemptions (all: the face value needs every one): GSI2 `SELLER#<id>#REDEMPTIONS`,
 * - the sellers: GSI1 `ROLE#seller`.
 */
export type AccountingRepository = ReturnType<typeof createAccountingRepository>;

/** An order line as the bookings read it (a projection of `OrderRecord`). */
export type AccountingOrder = Pick<OrderRecord, (typeof ORDER_FIELDS)[number]>;

/** The order attributes the bookings read (AccountingOrder). */
const ORDER_FIELDS = [
  'id',
  'seller_id',
  'order_no',
  'invoice_no',
  'completed_at',
  'total_amount',
  'discount',
  'p_type',
  'channel',
  'seller_net',
  'status',
] as const;

const endKey = (end: string) => `${end}#\uffff`;

export function createAccountingRepository(db: DynamoDBDocumentClient, tableName: string) {
  const range = (
    index: 'GSI1' | 'GSI2' | 'GSI3',
    pk: string,
    start: string,
    end: string,
    extra: Partial<QueryCommand['input']> = {},
  ) =>
    queryAll(
      db,
      new QueryCommand({
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: `${index}PK = :pk AND ${index}SK BETWEEN :start AND :end`,
        ...extra,
        ExpressionAttributeValues: {
          ':pk': pk,
          ':start': start,
          ':end': endKey(end),
          ...(extra.ExpressionAttributeValues ?? {}),
        },
      }),
    );

  const batch = (keys: { PK: string; SK: string }[]) => batchGetAll(db, tableName, keys);

  return {
    /** Completed order lines with `completed_at` in [start, end], oldest first. */
    async completedOrders(sellerId: string | undefined, start: string, end: string): Promise<AccountingOrder[]> {
      // Only what the bookings read: the order items carry the voucher snapshot, ten times the size.
      const fields = ORDER_FIELDS.map((_, i) => `#f${i}`).join(', ');
      const names = Object.fromEntries(ORDER_FIELDS.map((field, i) => [`#f${i}`, field]));
      const projection = { ProjectionExpression: fields, ExpressionAttributeNames: names };
      const items = sellerId
        ? await range('GSI2', orderKeys.sellerOrders(sellerId), start, end, projection)
        : await range('GSI3', orderKeys.allOrders, start, end, projection);
      return items.map((item) => item as AccountingOrder);
    },

    /** Stornorechnungen (ST-…, `cancels` set) issued in [start, end]. */
    async cancellationInvoices(sellerId: string | undefined, start: string, end: string): Promise<InvoiceRecord[]> {
      const filter = { FilterExpression: 'attribute_exists(cancels)' };
      const items = sellerId
        ? await range('GSI1', invoiceKeys.sellerInvoices(sellerId), start, end, filter)
        : await range('GSI2', invoiceKeys.allInvoices, start, end, filter);
      return items.map((item) => withoutKeys(item) as InvoiceRecord);
    },

    /** Order lines by id (the orders of Stornorechnungen sold before the period). */
    async ordersById(ids: readonly string[]): Promise<Map<string, AccountingOrder>> {
      const unique = [...new Set(ids)];
      const items = await batch(unique.map((id) => orderKeys.item(id)));
      const out = new Map<string, AccountingOrder>();
      items.forEach((item, i) => item && out.set(unique[i]!, withoutKeys(item) as AccountingOrder));
      return out;
    },

    /** Issued seller invoices with `issued_at` in [start, end]. */
    async sellerInvoices(sellerId: string | undefined, start: string, end: string): Promise<SellerInvoiceRecord[]> {
      const items = sellerId
        ? await range('GSI1', sellerInvoiceKeys.sellerIndex(sellerId), start, end)
        : await range('GSI2', sellerInvoiceKeys.allIndex, start, end);
      return items.map(toSellerInvoiceRecord).filter((record) => record.status === 'issued');
    },

    /** The seller's user vouchers issued up to `end` (only what the report reads). */
    async userVouchersUntil(sellerId: string, end: string): Promise<OutstandingVoucherInput[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK <= :end',
          ExpressionAttributeValues: { ':pk': userVoucherKeys.bySeller(sellerId), ':end': endKey(end) },
          ProjectionExpression: 'id, seller_id, created_at, valid_until, remaining_value, reversed_at',
        }),
      );
      return items.map((item) => ({
        id: String(item.id),
        seller_id: String(item.seller_id ?? sellerId),
        created_at: String(item.created_at ?? ''),
        valid_until: typeof item.valid_until === 'string' && item.valid_until ? item.valid_until : null,
        remaining_value: typeof item.remaining_value === 'number' ? item.remaining_value : 0,
        reversed_at: typeof item.reversed_at === 'string' ? item.reversed_at : null,
      }));
    },

    /** Every redemption of the seller's user vouchers (revoked ones too, with when). */
    async redemptionsOf(sellerId: string): Promise<OutstandingRedemptionInput[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk',
          ExpressionAttributeValues: { ':pk': redemptionKeys.bySeller(sellerId) },
          ProjectionExpression: 'user_voucher_id, redeemed_value, created_at, is_revoked, revoked_at',
        }),
      );
      return items
        .filter((item) => typeof item.user_voucher_id === 'string')
        .map((item) => ({
          user_voucher_id: String(item.user_voucher_id),
          redeemed_value: typeof item.redeemed_value === 'number' ? item.redeemed_value : 0,
          created_at: String(item.created_at ?? ''),
          is_revoked: item.is_revoked === true,
          revoked_at: typeof item.revoked_at === 'string' ? item.revoked_at : null,
        }));
    },

    /** Every seller's id (GSI1 `ROLE#seller`, bounded by the sellers). */
    async sellerIds(): Promise<string[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': 'ROLE#seller' },
          ProjectionExpression: 'id',
        }),
      );
      return items.map((item) => String(item.id));
    },

    /** Sellers' names: the company name, else the username (BatchGets of ≤ 100). */
    async sellerNames(ids: readonly string[]): Promise<Map<string, string>> {
      const unique = [...new Set(ids)];
      const [companies, profiles] = await Promise.all([
        batch(unique.map((id) => companyKeys.company(id))),
        batch(unique.map((id) => ({ PK: `USER#${id}`, SK: 'PROFILE' }))),
      ]);
      const names = new Map<string, string>();
      unique.forEach((id, i) => {
        const company = companies[i]?.name;
        const username = profiles[i]?.username;
        names.set(id, typeof company === 'string' && company ? company : typeof username === 'string' ? username : id);
      });
      return names;
    },
  };
}
