import type * as z from 'zod';
import type { Paged } from '@gm/shared/api/paged';
import { REDEMPTION_TEXT, type Redemption, type redemptionListQuerySchema } from '@gm/shared/redemption/contracts';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { redemptionKeys, type LedgerPage } from '../../repositories/redemption-repository.ts';
import type { Deps } from '../deps.ts';
import { toApiRedemption } from './view.ts';

export type RedemptionListQuery = z.output<typeof redemptionListQuerySchema>;
export type ListDeps = Pick<Deps, 'redemptions' | 'orders'>;

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** A cursor is only ever a LastEvaluatedKey of the same partition; anything else is a 422. */
function decodeCursor(cursor: string, indexName: 'GSI2' | 'GSI3', pk: string): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const valid =
      key &&
      typeof key === 'object' &&
      Object.keys(key).every((name) => ['PK', 'SK', `${indexName}PK`, `${indexName}SK`].includes(name)) &&
      Object.values(key).every((value) => typeof value === 'string') &&
      key[`${indexName}PK`] === pk;
    if (valid) return key;
  } catch {
    // falls through
  }
  throw ValidationError.field('cursor', 'Der Cursor ist ungültig.');
}

/**
 * GET redemption (02 §2 tables, 03 §2 /voucher-redemptions; data-model §5.5): newest first, 9 per
 * page. A seller sees its own (GSI2 `SELLER#<id>#REDEMPTIONS`), an admin all (GSI3 `REDEMPTIONS`)
 * or one seller's (`seller_id`). Growing partitions: `Limit` + `cursor` in next_page_url; a page
 * number without a cursor walks from the start. `total` is a COUNT query on the same key (the
 * stats' `redemption_count` leaves revoked rows out, the table shows them). `order_id` lists one
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

  const indexName = sellerId ? 'GSI2' : 'GSI3';
  const pk = sellerId ? redemptionKeys.bySeller(sellerId) : redemptionKeys.all;
  const perPage = query.paginate;
  const read = (limit: number, start?: Record<string, unknown>): Promise<LedgerPage> =>
    sellerId ? deps.redemptions.listBySeller(sellerId, limit, start) : deps.redemptions.listAll(limit, start);

  let start = query.cursor ? decodeCursor(query.cursor, indexName, pk) : undefined;
  if (!start && query.page > 1) {
    const skipped = await read((query.page - 1) * perPage);
    start = skipped.lastKey;
    if (!start) return page([], undefined, query, perPage, await count(), apiBaseUrl, sellerId);
  }
  const [current, total] = await Promise.all([read(perPage, start), count()]);
  return page(current.items.map(toApiRedemption), current.lastKey, query, perPage, total, apiBaseUrl, sellerId);

  function count() {
    return sellerId ? deps.redemptions.countBySeller(sellerId) : deps.redemptions.countAll();
  }
}

function page(
  data: Redemption[],
  lastKey: Record<string, unknown> | undefined,
  query: RedemptionListQuery,
  perPage: number,
  total: number,
  apiBaseUrl: string,
  sellerId: string | undefined,
): Paged<Redemption> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length ? (query.page - 1) * perPage + 1 : null;
  let next: string | null = null;
  if (lastKey && query.page < lastPage) {
    const params = new URLSearchParams({
      page: String(query.page + 1),
      paginate: String(perPage),
      cursor: encodeCursor(lastKey),
    });
    if (sellerId && query.seller_id) params.set('seller_id', sellerId);
    next = `${apiBaseUrl}redemption?${params.toString()}`;
  }
  return {
    data,
    current_page: query.page,
    last_page: lastPage,
    next_page_url: next,
    total,
    per_page: perPage,
    from,
    to: from === null ? null : from + data.length - 1,
  };
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
