import type { OrderLine } from '@gm/shared/orders/contracts';
import { NotFoundError } from '../../lib/errors.ts';
import { ownsOrder, type OrderOwner } from '../../repositories/order-repository.ts';
import type { Deps } from '../deps.ts';
import { priceLine, toOrderLine } from './cart-line.ts';

export const ORDER_NOT_FOUND = 'Bestellung nicht gefunden.';

/**
 * PATCH order/{id}: a new amount for one of the owner's pending lines, checked against the limits of
 * the voucher as it was added (the snapshot) and priced by the server. Someone else's line, a
 * completed one or a missing one: 404.
 */
export async function updateCartLine(
  deps: Pick<Deps, 'orders' | 'clock'>,
  owner: OrderOwner,
  orderId: string,
  input: { qty?: number | null | undefined; value?: number | null | undefined },
): Promise<{ data: OrderLine }> {
  const line = await deps.orders.get(orderId);
  if (!line || line.status !== 'pending' || !ownsOrder(line, owner)) throw new NotFoundError(ORDER_NOT_FOUND);
  const totals = priceLine(line.voucher, {
    qty: input.qty ?? (line.voucher.type === 'value' ? line.qty : undefined),
    value: input.value ?? line.value,
  });
  const updated = await deps.orders.updatePending(orderId, owner, totals, deps.clock().toISOString());
  if (!updated) throw new NotFoundError(ORDER_NOT_FOUND);
  return { data: toOrderLine(updated) };
}
