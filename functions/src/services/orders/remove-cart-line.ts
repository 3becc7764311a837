import { ORDER_TEXT } from '@gm/shared/orders/contracts';
import { NotFoundError } from '../../lib/errors.ts';
import type { OrderOwner } from '../../repositories/order-repository.ts';
import type { Deps } from '../deps.ts';
import { ORDER_NOT_FOUND } from './update-cart-line.ts';

/** DELETE order/{id}: removes one of the owner's pending lines; anything else is 404. */
export async function removeCartLine(
  deps: Pick<Deps, 'orders'>,
  owner: OrderOwner,
  orderId: string,
): Promise<{ message: string }> {
  if (!(await deps.orders.deletePending(orderId, owner))) throw new NotFoundError(ORDER_NOT_FOUND);
  return { message: ORDER_TEXT.removedFromCart };
}
