import { CART_ID_HEADER } from '@gm/shared/orders/contracts';
import { orders, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { cartOwner } from '../../services/orders/cart-line.ts';
import { removeCartLine } from '../../services/orders/remove-cart-line.ts';

/** DELETE order/{id}: removes the caller's own pending line. */
export const handler = http('DELETE order/{id}', async ({ actor, headers, params }) => {
  const owner = cartOwner(actor, headers[CART_ID_HEADER]);
  return json(200, await removeCartLine(resolve({ orders }), owner, params.id ?? ''));
});
