import { paginate, type Paged } from '@gm/shared/api/paged';
import type { orderSearchRequestSchema } from '@gm/shared/orders/checkout-extras';
import type { OrderLine } from '@gm/shared/orders/contracts';
import type * as z from 'zod/mini';
import type { OrderOwner, OrderRecord } from '../../repositories/order-repository.ts';
import type { Deps } from '../deps.ts';
import { toOrderLine } from './cart-line.ts';

export type OrderSearchInput = z.output<typeof orderSearchRequestSchema>;

/** A tenant shop shows (and pays) only the lines put into the cart on that shop; the marketplace all. */
export function inShop(line: Pick<OrderRecord, 'subdomain'>, subdomain: string | null | undefined): boolean {
  return !subdomain || (line.subdomain ?? '').toLowerCase() === subdomain.toLowerCase();
}

/**
 * POST order/search: the owner's own lines (buyer by session, guest by cart id; guests have no
 * completed list), newest first, filtered by shop (`subdomain`, else the request's tenant host),
 * order id and keyword. Owner-bound partitions only: no Scan.
 */
export async function searchOrders(
  deps: Pick<Deps, 'orders' | 'clock'>,
  owner: OrderOwner,
  input: OrderSearchInput,
  tenant: string | undefined,
  pageUrl: (page: number) => string,
): Promise<Paged<OrderLine>> {
  const subdomain = input.subdomain || tenant || null;
  const keyword = input.keyword?.toLowerCase();
  const records = (await deps.orders.listByOwner(owner, input.status, deps.clock())).filter(
    (r) =>
      inShop(r, subdomain) &&
      (!input.order_id || r.id === input.order_id) &&
      (!keyword ||
        [r.voucher.title, r.voucher.seller?.username, r.voucher.seller?.company?.name, r.order_no].some((text) =>
          text?.toLowerCase().includes(keyword),
        )),
  );
  return paginate(records.map(toOrderLine), input.page, input.paginate, pageUrl);
}
