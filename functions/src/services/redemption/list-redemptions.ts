import type * as z from 'zod/mini';
import type { Paged } from '@gm/shared/api/paged';
import { REDEMPTION_TEXT, type Redemption, type redemptionListQuerySchema } from '@gm/shared/redemption/contracts';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { redemptionKeys } from '../../repositories/redemption-repository.ts';
import { cursorPage } from '../cursor-paging.ts';
import type { Deps } from '../deps.ts';
import { toApiRedemption } from './view.ts';

export type RedemptionListQuery = z.output<typeof redemptionListQuerySchema>;
export type ListDeps = Pick<Deps, 'redemptions' | 'orders'>;

/**
 * GET redemption (02 §2 tables, 03 §2 /voucher-redemptions; data-model §5.5): newest first, 9 per
 * page. A seller sees its own (GSI2 `SELLER#<id>#REDEMPTIONS`), an admin all (GSI3 `REDEMPTIONS`)
 * or one seller's (`seller_id`). Growing partitions: `Limit` + `cursor` in next_page_url; a page
 * number without a cursor walks from the start. `total` is the aggregator's row count of that list
 * (`…#STATS/ROWS` `redemptions`, one GetItem; issue 15), revoked rows included — the stats'
 * `redemption_count` leaves them out, the table shows them. `order_id` lists one
 * order's redemptions (the detail modal) through its user vouchers (GSI1).
 */
export async function listRedemptions(
  deps: ListDeps,
  actor: Actor,
  query: RedemptionListQuery,
  apiBaseUrl: string,
): Promise<Paged<Redemption>> {
  const sellerId = actor.role === 'admin' ? query.seller_id : actor.userId;
  if (query.order_id) return listForOrder(deps, actor, query.order_id);

  const perPage = query.paginate;
  return cursorPage({
    page: query.page,
    perPage,
    cursor: query.cursor,
    partition: sellerId
      ? { index: 'GSI2', pk: redemptionKeys.bySeller(sellerId) }
      : { index: 'GSI3', pk: redemptionKeys.all },
    read: async (limit, start) => {
      const page = await (sellerId
        ? deps.redemptions.listBySeller(sellerId, limit, start)
        : deps.redemptions.listAll(limit, start));
      return { ...page, items: page.items.map(toApiRedemption) };
    },
    total: { exact: () => (sellerId ? deps.redemptions.countBySeller(sellerId) : deps.redemptions.countAll()) },
    pageUrl: (page, cursor) => {
      const params = new URLSearchParams({ page: String(page), paginate: String(perPage), cursor });
      if (sellerId && query.seller_id) params.set('seller_id', sellerId);
      return `${apiBaseUrl}redemption?${params.toString()}`;
    },
  });
}

async function listForOrder(deps: ListDeps, actor: Actor, orderId: string): Promise<Paged<Redemption>> {
  const order = await deps.orders.get(orderId);
  if (!order || order.status !== 'completed' || (actor.role !== 'admin' && order.seller_id !== actor.userId))
    throw new NotFoundError(REDEMPTION_TEXT.notFound);
  const lists = await Promise.all((order.user_voucher_ids ?? []).map((id) => deps.redemptions.listByUserVoucher(id)));
  const data = lists
    .flat()
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(toApiRedemption);
  return {
    data,
    current_page: 1,
    last_page: 1,
    next_page_url: null,
    total: data.length,
    per_page: Math.max(data.length, 1),
    from: data.length ? 1 : null,
    to: data.length || null,
  };
}
