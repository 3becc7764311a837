import { CART_ID_HEADER } from '@gm/shared/orders/contracts';
import { audit, clock, newId, orderAdmin, orders, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { deleteOrderAsAdmin } from '../../services/admin/orders/manage-orders.ts';
import { cartOwner } from '../../services/orders/cart-line.ts';
import { removeCartLine } from '../../services/orders/remove-cart-line.ts';

/** DELETE order/{id}: removes the caller's own pending line; an admin (not impersonating) anyone's pending line, never a completed order (422). */
export const handler = http('DELETE order/{id}', async ({ actor, headers, params }) => {
  if (actor?.role === 'admin' && !actor.impersonatedBy)
    return json(
      200,
      await deleteOrderAsAdmin(resolve({ orderAdmin, audit, clock, newId }), actor.userId, params.id ?? ''),
    );
  const owner = cartOwner(actor, headers[CART_ID_HEADER]);
  return json(200, await removeCartLine(resolve({ orders }), owner, params.id ?? ''));
});
