import {
  sellerStatistics,
  type SellerOrder,
  type SellerOrdersQuery,
  type SellerOrdersResponse,
  type SellerStatistics,
} from '@gm/shared/seller/dashboard';
import { effectiveSettings } from '@gm/shared/settings/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { orderKeys, type OrderRecord } from '../../repositories/order-repository.ts';
import { decodeCursor, encodeCursor } from '../cursor-paging.ts';
import type { Deps } from '../deps.ts';

/**
 * Seller dashboard and 'Bestellungen' (02 §2, §7): `GET order` as a seller (or an admin naming a
 * `seller_id`) answers the seller's completed orders, 9 per page, newest first, with a cursor over
 * GSI2 `SELLER#<id>#ORDERS`; `with_stat` adds the statistics payload read in one BatchGet of the
 * running stats items (no aggregation per view).
 */
export type SellerOrdersDeps = Pick<Deps, 'sellerDashboard' | 'clock'>;

/** Whose data the actor may read: a seller only their own, an admin any seller (`seller_id`). */
export function sellerScope(
  actor: Actor,
  requested: string | null | undefined,
  options: { adminMayOmit: boolean },
): string | undefined {
  if (actor.role === 'seller') {
    if (requested && requested !== actor.userId) throw new ForbiddenError();
    return actor.userId;
  }
  if (actor.role === 'admin') {
    if (requested) return requested;
    if (options.adminMayOmit) return undefined;
    throw ValidationError.field('seller_id', 'Dieses Feld muss ausgefüllt werden');
  }
  throw new ForbiddenError();
}

export function toSellerOrder(
  order: OrderRecord & { discount?: number; guest?: { first_name: string; last_name: string } },
): SellerOrder {
  return {
    id: order.id,
    order_no: order.order_no,
    invoice_no: order.invoice_no,
    created_at: order.completed_at ?? order.created_at,
    voucher_id: order.voucher_id,
    voucher: { title: order.voucher?.title ?? '', type: order.voucher?.type ?? '' },
    buyer: order.guest ? `${order.guest.first_name} ${order.guest.last_name}` : '',
    channel: order.channel,
    qty: order.qty,
    value: order.value,
    total_qty: order.total_qty,
    total_value: order.total_value,
    total_amount: order.total_amount,
    discount: order.discount ?? 0,
    commission: order.commission ?? 0,
    processing_fee: order.processing_fee ?? 0,
    seller_net: order.seller_net ?? 0,
    p_type: order.p_type ?? null,
    is_gift: order.is_gift,
    reversed: order.reversed === true,
    user_voucher_ids: order.user_voucher_ids ?? [],
  };
}

/** The statistics payload of one seller (02 §3) and their number of orders, from one BatchGet. */
export async function sellerStats(
  deps: SellerOrdersDeps,
  sellerId: string,
): Promise<{ stats: SellerStatistics; orders: number }> {
  const now = deps.clock();
  const items = await deps.sellerDashboard.dashboard(sellerId, now);
  const settings = effectiveSettings(items.global, items.seller);
  const stats = sellerStatistics(
    items,
    {
      payoutEvery: settings.payout_schedule,
      isPayoutEnabled: items.payoutsEnabled,
      registeredAt: items.registeredAt,
      state: items.payoutState,
    },
    now,
  );
  return { stats, orders: items.total.sold_count };
}

export async function listSellerOrders(
  deps: SellerOrdersDeps,
  actor: Actor,
  query: SellerOrdersQuery,
  pageUrl: (cursor: string, page: number) => string,
): Promise<SellerOrdersResponse> {
  const sellerId = sellerScope(actor, query.seller_id, { adminMayOmit: false })!;
  // The cursor must point into the seller's own partition.
  const startKey = query.cursor
    ? decodeCursor(query.cursor, {
        index: 'GSI2',
        pk: orderKeys.sellerOrders(sellerId),
        item: (key) => key.PK.startsWith('ORDER#'),
      })
    : undefined;
  const [page, dashboard, totals] = await Promise.all([
    deps.sellerDashboard.ordersPage(sellerId, query.paginate, startKey),
    query.with_stat ? sellerStats(deps, sellerId) : Promise.resolve(undefined),
    query.with_stat ? Promise.resolve(undefined) : deps.sellerDashboard.totals(sellerId),
  ]);
  const names = await deps.sellerDashboard.buyerNames(page.orders.flatMap((o) => (o.user_id ? [o.user_id] : [])));
  const data = page.orders.map((order) => {
    const line = toSellerOrder(order);
    return order.user_id ? { ...line, buyer: names.get(order.user_id) ?? '' } : line;
  });
  if (query.withRedemptions) {
    // One Query per user voucher of the page (≤ 9 order lines, one voucher each), in parallel.
    await Promise.all(
      data.map(async (order) => (order.redemptions = await deps.sellerDashboard.redemptionsOf(order.user_voucher_ids))),
    );
  }
  // Orders, not vouchers (the stats' voucher counts are units). The count is the stats aggregator's
  // (issue 15), so it trails the index by the stream's delay: a just-paid order may be listed before
  // it is counted (docs/decisions/platform.md).
  const total = dashboard ? dashboard.orders : totals!.sold_count;
  const stats = dashboard?.stats;
  const nextCursor = page.orders.length === query.paginate && page.lastKey ? encodeCursor(page.lastKey) : null;
  return {
    data,
    current_page: query.page,
    per_page: query.paginate,
    total,
    last_page: Math.max(1, Math.ceil(total / query.paginate)),
    next_cursor: nextCursor,
    next_page_url: nextCursor ? pageUrl(nextCursor, query.page + 1) : null,
    ...(stats ? { stats } : {}),
  };
}
