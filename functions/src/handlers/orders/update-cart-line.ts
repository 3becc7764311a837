import { CART_ID_HEADER, updateCartLineRequestSchema } from '@gm/shared/orders/contracts';
import { clock, orders, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { cartOwner } from '../../services/orders/cart-line.ts';
import { updateCartLine } from '../../services/orders/update-cart-line.ts';

/** PATCH order/{id}: the caller's own pending line (logged in: by user, guest: by x-cart-id). */
export const handler = http('PATCH order/{id}', async ({ actor, body, headers, params }) => {
  const owner = cartOwner(actor, headers[CART_ID_HEADER]);
  const input = parse(updateCartLineRequestSchema, body);
  return json(200, await updateCartLine(resolve({ orders, clock }), owner, params.id ?? '', input));
});
