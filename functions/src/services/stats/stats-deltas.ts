import { statsBuckets } from '@gm/shared/dates/stats-buckets';
import { listCountKeys } from '../../repositories/list-counts.ts';
import { statsKeys } from '../../repositories/sales-stats.ts';
import { voucherItemKeys } from '../../repositories/voucher-item-keys.ts';

/**
 * The dashboards' counters, kept off the write path (issue 15 "No hot items"): sales, redemptions,
 * revocations and reversals no longer ADD to `PLATFORM#STATS`, `SELLER#<id>#STATS` and
 * `USER#<id>/STATS` inside their transactions. The aggregator (workers/stats-aggregator.ts) reads
 * the table's stream and this module turns each changed item (old and new image) into the counter
 * deltas it stands for. Pure: no AWS, no clock; the record's own times pick the buckets.
 *
 * | change (old → new image) | counters |
 * |---|---|
 * | `ORDER#…/ORDER` becomes `status = completed` (a sale) | seller + platform DAY/WEEK/MONTH/TOTAL of `completed_at`: `sold_count` 1, `sold_qty`, `gross` (after discount), `commission`, `processing_fee`, `seller_net`; a paying user's `vouchers_bought` 1; the voucher's `VOUCHER#…/STATS` `sold_count` 1, `sold_qty`, `gross`, and its popularity `sold_count` 1 on the voucher and its catalogue entry while it is listed |
 * | `ORDER#…/ORDER` becomes `reversed = true` | buckets of `reversed_at`: seller `reversed_count` 1, `reversed_gross` (the refund), `reversed_seller_net`; platform `reversed_count`, `reversed_gross` |
 * | `REDEMPTION#…/REDEMPTION` inserted (kind voucher) | buckets of `created_at`: seller + platform `redemption_count` 1, `redeemed_value`; the owner's `voucher_used` 1; the voucher's `VOUCHER#…/STATS` `redemption_count` 1, `redeemed_value` |
 * | the same item becomes `is_revoked = true` | the same counters negated, in the redemption's buckets |
 * | `REDEMPTION#…/REDEMPTION` inserted (kind employee) | the partner's buckets: `employee_redemption_count` 1 |
 *
 * And the row counts of the growing lists (repositories/list-counts.ts), which follow the rows the
 * lists show, not the dashboards' figures: a revoked redemption and a reversed order stay listed.
 *
 * | change | list counts |
 * |---|---|
 * | `ORDER#…/ORDER` becomes `status = completed` | `PLATFORM#STATS`/`ROWS` `orders` 1 |
 * | `REDEMPTION#…/REDEMPTION` inserted (kind voucher) | `PLATFORM#STATS`/`ROWS` and `SELLER#<id>#STATS`/`ROWS` `redemptions` 1 |
 * | `AUDIT#…/AUDIT` inserted | `USER#<actor>#STATS`/`AUDIT_COUNTS` `by_actor` 1, `USER#<target>#STATS`/`AUDIT_COUNTS` `of_target` 1 |
 *
 * Deletions (account deletion, TTL) and every other change count nothing (none of these rows is ever deleted).
 *
 * The voucher's counters moved here too (issue 15): a popular voucher's sales and redemptions no longer
 * meet on its items in their transactions. Its popularity (`sold_count` on `VOUCHER#…/VOUCHER` and
 * `CATALOGUE`/`VOUCHER#…`) belongs to items other writers own: those deltas are `Voucher` and
 * `CatalogueEntry` entities, which the aggregator only adds to while the item is listed (never
 * bringing back a deleted voucher's entry, nor counting a tourism voucher).
 */
export type Image = Record<string, unknown>;

export type ChangedItem = {
  /** Unique per stream record (the record's `eventID`): the unit of idempotency. */
  id: string;
  oldImage?: Image | undefined;
  newImage?: Image | undefined;
};

export type CounterKey = { PK: string; SK: string };
export type CounterEntity =
  | 'SellerStats'
  | 'PlatformStats'
  | 'UserStats'
  | 'VoucherStats'
  | 'ListCounts'
  | 'AuditCounts'
  // Items of other writers, added to only while listed (see above).
  | 'Voucher'
  | 'CatalogueEntry';
export type CounterDelta = { key: CounterKey; entity: CounterEntity; add: Record<string, number> };
/** One stream record's contribution; `deltas` empty when it counts nothing. */
export type RecordDeltas = { id: string; deltas: CounterDelta[] };

/** Stream filter (CDK `FilterCriteria` and the local stand-in): only these items can change a counter. */
export const STATS_SOURCE_PREFIXES = { order: 'ORDER#', redemption: 'REDEMPTION#', audit: 'AUDIT#' } as const;

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function bucketed(
  sellerId: string,
  at: string,
  seller: Record<string, number>,
  platform: Record<string, number> | undefined,
): CounterDelta[] {
  const buckets = statsBuckets(at);
  return [
    ...buckets.map((sk): CounterDelta => ({ key: statsKeys.seller(sellerId, sk), entity: 'SellerStats', add: seller })),
    ...(platform
      ? buckets.map((sk): CounterDelta => ({ key: statsKeys.platform(sk), entity: 'PlatformStats', add: platform }))
      : []),
  ];
}

function orderDeltas(old: Image | undefined, now: Image): CounterDelta[] {
  const sellerId = str(now.seller_id);
  if (!sellerId) return [];
  const deltas: CounterDelta[] = [];
  const completedAt = str(now.completed_at);
  if (now.status === 'completed' && old?.status !== 'completed' && completedAt) {
    const sale = {
      sold_count: 1,
      sold_qty: num(now.total_qty),
      gross: num(now.total_amount) - num(now.discount),
      commission: num(now.commission),
      processing_fee: num(now.processing_fee),
      seller_net: num(now.seller_net),
    };
    deltas.push(...bucketed(sellerId, completedAt, sale, sale));
    deltas.push({ key: listCountKeys.platform, entity: 'ListCounts', add: { orders: 1 } });
    // A paying user's line (guests have no account; a direct sale has no payment and no buyer).
    const buyer = str(now.user_id);
    if (buyer && str(now.payment_id))
      deltas.push({ key: statsKeys.user(buyer), entity: 'UserStats', add: { vouchers_bought: 1 } });
    const voucherId = str(now.voucher_id);
    if (voucherId)
      deltas.push(
        {
          key: voucherItemKeys.stats(voucherId),
          entity: 'VoucherStats',
          add: { sold_count: 1, sold_qty: sale.sold_qty, gross: sale.gross },
        },
        { key: voucherItemKeys.voucher(voucherId), entity: 'Voucher', add: { sold_count: 1 } },
        { key: voucherItemKeys.catalogue(voucherId), entity: 'CatalogueEntry', add: { sold_count: 1 } },
      );
  }
  const reversedAt = str(now.reversed_at);
  if (now.reversed === true && old?.reversed !== true && reversedAt) {
    const gross = num(now.refunded_amount);
    deltas.push(
      ...bucketed(
        sellerId,
        reversedAt,
        { reversed_count: 1, reversed_gross: gross, reversed_seller_net: num(now.reversed_seller_net) },
        { reversed_count: 1, reversed_gross: gross },
      ),
    );
  }
  return deltas;
}

function redemptionDeltas(old: Image | undefined, now: Image): CounterDelta[] {
  const sellerId = str(now.seller_id);
  const at = str(now.created_at);
  if (!sellerId || !at) return [];
  if (now.kind === 'employee') {
    return old ? [] : bucketed(sellerId, at, { employee_redemption_count: 1 }, undefined);
  }
  // A new row of the redemption lists (a revocation keeps it listed, so only the insert counts).
  const rows: CounterDelta[] = old
    ? []
    : [
        { key: listCountKeys.platform, entity: 'ListCounts', add: { redemptions: 1 } },
        { key: listCountKeys.seller(sellerId), entity: 'ListCounts', add: { redemptions: 1 } },
      ];
  const sign = !old && now.is_revoked !== true ? 1 : old && old.is_revoked !== true && now.is_revoked === true ? -1 : 0;
  if (sign === 0) return rows;
  const counts = { redemption_count: sign, redeemed_value: sign * num(now.redeemed_value) };
  const owner = str(now.owner_user_id);
  const voucherId = str(now.voucher_id);
  return [
    ...bucketed(sellerId, at, counts, counts),
    ...(owner ? [{ key: statsKeys.user(owner), entity: 'UserStats' as const, add: { voucher_used: sign } }] : []),
    ...(voucherId ? [{ key: voucherItemKeys.stats(voucherId), entity: 'VoucherStats' as const, add: counts }] : []),
    ...rows,
  ];
}

/** An audit entry's rows in its actor's and its target's lists (the same user: one item, both counts). */
function auditDeltas(old: Image | undefined, now: Image): CounterDelta[] {
  if (old) return [];
  const actor = str(now.actor_id);
  const target = str(now.target_id);
  if (actor && actor === target)
    return [{ key: listCountKeys.audit(actor), entity: 'AuditCounts', add: { by_actor: 1, of_target: 1 } }];
  return [
    ...(actor ? [{ key: listCountKeys.audit(actor), entity: 'AuditCounts' as const, add: { by_actor: 1 } }] : []),
    ...(target ? [{ key: listCountKeys.audit(target), entity: 'AuditCounts' as const, add: { of_target: 1 } }] : []),
  ];
}

/** The counter deltas of one changed item. */
export function deltasOf(change: ChangedItem): RecordDeltas {
  const now = change.newImage;
  const pk = str(now?.PK);
  if (!now || !pk) return { id: change.id, deltas: [] };
  if (pk.startsWith(STATS_SOURCE_PREFIXES.order) && now.SK === 'ORDER')
    return { id: change.id, deltas: orderDeltas(change.oldImage, now) };
  if (pk.startsWith(STATS_SOURCE_PREFIXES.redemption) && now.SK === 'REDEMPTION')
    return { id: change.id, deltas: redemptionDeltas(change.oldImage, now) };
  if (pk.startsWith(STATS_SOURCE_PREFIXES.audit) && now.SK === 'AUDIT')
    return { id: change.id, deltas: auditDeltas(change.oldImage, now) };
  return { id: change.id, deltas: [] };
}

/** The records that count something, each with its deltas (records that count nothing dropped). */
export function batchDeltas(changes: readonly ChangedItem[]): RecordDeltas[] {
  return changes.map(deltasOf).filter((r) => r.deltas.length > 0);
}

export const counterId = (key: CounterKey) => `${key.PK}\u0000${key.SK}`;

/** The sum per counter item of the given records (the one update each counter gets per batch). */
export function sumDeltas(records: readonly RecordDeltas[]): CounterDelta[] {
  const sums = new Map<string, CounterDelta>();
  for (const record of records) {
    for (const delta of record.deltas) {
      const id = counterId(delta.key);
      const sum = sums.get(id) ?? { key: delta.key, entity: delta.entity, add: {} };
      for (const [name, value] of Object.entries(delta.add)) sum.add[name] = (sum.add[name] ?? 0) + value;
      sums.set(id, sum);
    }
  }
  return [...sums.values()];
}
