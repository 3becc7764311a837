import { CART_ID_HEADER, orderListQuerySchema } from '@gm/shared/orders/contracts';
import { clock, orders, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { cartOwner } from '../../services/orders/cart-line.ts';
import { listOrders } from '../../services/orders/list-orders.ts';

/** GET order?status=pending|completed&page&paginate: the caller's own cart or orders. */
export const handler = http('GET order', async ({ actor, headers, query, apiBaseUrl }) => {
  const owner = cartOwner(actor, headers[CART_ID_HEADER]);
  const input = parse(orderListQuerySchema, query);
  const pageUrl = (page: number) => `${apiBaseUrl}order?${new URLSearchParams({ status: input.status, page: String(page), paginate: String(input.paginate) })}`;
  return json(200, await listOrders(resolve({ orders, clock }), owner, input, pageUrl));
});
