import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { statsBuckets } from '@gm/shared/dates/stats-buckets';
import { toCounters, type StatsCounters } from '@gm/shared/seller/dashboard';
import { SETTINGS_FIELDS, type Settings } from '@gm/shared/settings/contracts';
import { batchGet } from './batch-get.ts';
import { invoiceKeys, orderKeys, toOrderRecord, type InvoiceRecord, type OrderRecord } from './order-repository.ts';
import { payoutAccountKeys } from './payout-account-repository.ts';
import { queryAll } from './query-all.ts';
import { statsKeys } from './sales-stats.ts';
import { settingsKeys } from './settings-repository.ts';
import { sellerInvoiceKeys, toPayoutState } from './seller-invoice-keys.ts';
import type { PayoutState } from '@gm/shared/payouts/ledger';
import { DELETED_USER_NAME } from '@gm/shared/admin/account-deletion';
import { withoutKeys } from './item-keys.ts';

/**
 * Read side of the seller dashboard, orders and earnings and the invoice exports (docs/data-model.md
 * §5.3, §5.6). Nothing here writes: the stats items are ADDed by the sale (sales-stats.ts) and the
 * redemption; orders and invoices by the order completion.
 */
export type DashboardItems = {
  day: StatsCounters;
  week: StatsCounters;
  month: StatsCounters;
  total: StatsCounters;
  global: Partial<Settings> | undefined;
  seller: Partial<Settings> | undefined;
  payoutsEnabled: boolean;
  registeredAt: string | null;
  /** What the payout run invoiced and paid so far (`SELLER#<id>#PAYOUTS/STATE`; absent = nothing yet). */
  payoutState: PayoutState;
};

export type OrdersPage = { orders: OrderRecord[]; lastKey: Record<string, string> | undefined };

/** One redemption of a user voucher (`REDEMPTION#…`, GSI1 `USER_VOUCHER#<id>#REDEMPTIONS`, written by the redemption feature) as the order list shows it. */
export type StoredRedemption = {
  id: string;
  redemption_no: string | null;
  value: number;
  scanned_by: string | null;
  is_revoked: boolean;
  created_at: string;
};

export type SellerDashboardRepository = ReturnType<typeof createSellerDashboardRepository>;

function pickSettings(item: Record<string, unknown> | undefined): Partial<Settings> | undefined {
  if (!item) return undefined;
  const out: Partial<Settings> = {};
  for (const field of SETTINGS_FIELDS) if (typeof item[field] === 'number') out[field] = item[field];
  return out;
}

/** Upper bound of `<iso>#<id>` sort keys for an inclusive end instant. */
const endKey = (end: string) => `${end}#\uffff`;

export function createSellerDashboardRepository(db: DynamoDBDocumentClient, tableName: string) {
  const rangeQuery = async (index: 'GSI1' | 'GSI2' | 'GSI3', pk: string, start: string, end: string) =>
    queryAll(
      db,
      new QueryCommand({
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: `${index}PK = :pk AND ${index}SK BETWEEN :start AND :end`,
        ExpressionAttributeValues: { ':pk': pk, ':start': start, ':end': endKey(end) },
      }),
    );

  return {
    /**
     * Everything the dashboard shows in ONE BatchGet: the seller's stats items of the Vienna day,
     * week and month of `now` and TOTAL, the global and the seller's settings, the payout account
     * the profile (registration date, the payout anchor while nothing was paid out) and the payout
     * run's state (what was invoiced and paid: the ledger's input besides TOTAL).
     */
    async dashboard(sellerId: string, now: Date): Promise<DashboardItems> {
      const [daySk, weekSk, monthSk] = statsBuckets(now);
      const keys = [
        statsKeys.seller(sellerId, daySk),
        statsKeys.seller(sellerId, weekSk),
        statsKeys.seller(sellerId, monthSk),
        statsKeys.seller(sellerId, 'TOTAL'),
        settingsKeys.global(),
        settingsKeys.seller(sellerId),
        payoutAccountKeys.item(sellerId),
        { PK: `USER#${sellerId}`, SK: 'PROFILE' },
        sellerInvoiceKeys.state(sellerId),
      ];
      const [day, week, month, total, global, seller, payout, profile, state] = await batchGet(db, tableName, keys);
      return {
        day: toCounters(day),
        week: toCounters(week),
        month: toCounters(month),
        total: toCounters(total),
        global: pickSettings(global),
        seller: pickSettings(seller),
        payoutsEnabled: payout?.payouts_enabled === true,
        registeredAt: typeof profile?.created_at === 'string' ? profile.created_at : null,
        payoutState: toPayoutState(state),
      };
    },

    /** The seller's TOTAL stats item (the order count for paging). */
    async totals(sellerId: string): Promise<StatsCounters> {
      const [total] = await batchGet(db, tableName, [statsKeys.seller(sellerId, 'TOTAL')]);
      return toCounters(total);
    },

    /** One page of the seller's completed orders, newest first (GSI2 `SELLER#<id>#ORDERS`), after `startKey`. */
    async ordersPage(
      sellerId: string,
      limit: number,
      startKey: Record<string, string> | undefined,
    ): Promise<OrdersPage> {
      const answer = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk',
          ExpressionAttributeValues: { ':pk': orderKeys.sellerOrders(sellerId) },
          ScanIndexForward: false,
          Limit: limit,
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      return {
        orders: (answer.Items ?? []).map(toOrderRecord),
        lastKey: answer.LastEvaluatedKey as Record<string, string> | undefined,
      };
    },

    /** Completed orders with `completed_at` in [start, end], oldest first: one seller's (GSI2) or all (GSI3 `ORDERS`, admin). */
    async ordersInRange(sellerId: string | undefined, start: string, end: string): Promise<OrderRecord[]> {
      const items = sellerId
        ? await rangeQuery('GSI2', orderKeys.sellerOrders(sellerId), start, end)
        : await rangeQuery('GSI3', orderKeys.allOrders, start, end);
      return items.map(toOrderRecord);
    },

    /** Customer invoices issued in [start, end], oldest first: one seller's (GSI1) or all (GSI2 `INVOICES`, admin). */
    async invoicesInRange(sellerId: string | undefined, start: string, end: string): Promise<InvoiceRecord[]> {
      const items = sellerId
        ? await rangeQuery('GSI1', invoiceKeys.sellerInvoices(sellerId), start, end)
        : await rangeQuery('GSI2', invoiceKeys.allInvoices, start, end);
      return items.map((item) => withoutKeys(item) as InvoiceRecord);
    },

    /**
     * Display names of buyers (first and last name, else username) by user id, one BatchGet. A deleted
     * account (tombstone or no profile) shows as 'Gelöschter Benutzer'; its invoices keep the printed name.
     */
    async buyerNames(userIds: readonly string[]): Promise<Map<string, string>> {
      const unique = [...new Set(userIds)].slice(0, 100);
      if (unique.length === 0) return new Map();
      const items = await batchGet(
        db,
        tableName,
        unique.map((id) => ({ PK: `USER#${id}`, SK: 'PROFILE' })),
      );
      const names = new Map<string, string>();
      unique.forEach((id, i) => {
        const item = items[i];
        if (!item || item.deleted_at) {
          names.set(id, DELETED_USER_NAME);
          return;
        }
        const full = [item.first_name, item.last_name].filter((part) => typeof part === 'string' && part).join(' ');
        names.set(id, full || (typeof item.username === 'string' ? item.username : ''));
      });
      return names;
    },

    /** The redemptions of some user vouchers (GSI1 `USER_VOUCHER#<id>#REDEMPTIONS`), oldest first. */
    async redemptionsOf(userVoucherIds: readonly string[]): Promise<StoredRedemption[]> {
      const lists = await Promise.all(
        userVoucherIds.map((id) =>
          queryAll(
            db,
            new QueryCommand({
              TableName: tableName,
              IndexName: 'GSI1',
              KeyConditionExpression: 'GSI1PK = :pk',
              ExpressionAttributeValues: { ':pk': `USER_VOUCHER#${id}#REDEMPTIONS` },
            }),
          ),
        ),
      );
      return lists.flat().map((item) => ({
        id: String(item.id ?? ''),
        redemption_no:
          typeof item.redemption_no === 'string'
            ? item.redemption_no
            : typeof item.redemption_no === 'number'
              ? String(item.redemption_no)
              : null,
        // `redeemed_value` is cents for both kinds (value: the amount; product vouchers: units × unit value).
        value:
          typeof item.redeemed_value === 'number'
            ? item.redeemed_value
            : typeof item.value === 'number'
              ? item.value
              : 0,
        scanned_by:
          typeof item.scanned_by === 'string'
            ? item.scanned_by
            : (((item.scanned_by as { username?: unknown } | undefined)?.username as string | undefined) ?? null),
        is_revoked: item.is_revoked === true,
        created_at: String(item.created_at ?? ''),
      }));
    },
  };
}
