import { paginate, type Paged } from '@gm/shared/api/paged';
import type { OrderLine } from '@gm/shared/orders/contracts';
import type { OrderOwner, OrderStatus } from '../../repositories/order-repository.ts';
import type { Deps } from '../deps.ts';
import { toOrderLine } from './cart-line.ts';

/**
 * GET order?status=pending|completed: the owner's own lines, newest first, `paginate` per page (9).
 * Guests have only a cart (pending, by cart id); their completed orders reach them by mail.
 */
export async function listOrders(
  deps: Pick<Deps, 'orders' | 'clock'>,
  owner: OrderOwner,
  input: { status: OrderStatus; page: number; paginate: number },
  pageUrl: (page: number) => string,
): Promise<Paged<OrderLine>> {
  const records = await deps.orders.listByOwner(owner, input.status, deps.clock());
  return paginate(records.map(toOrderLine), input.page, input.paginate, pageUrl);
}

/** GET order/total-user-cart, order/guest/total-user-cart → { total }: the number of unexpired cart lines. */
export async function countCart(deps: Pick<Deps, 'orders' | 'clock'>, owner: OrderOwner): Promise<{ total: number }> {
  return { total: await deps.orders.countPending(owner, deps.clock()) };
}
