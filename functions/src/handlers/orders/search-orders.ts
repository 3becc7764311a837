import { orderSearchRequestSchema } from '@gm/shared/orders/checkout-extras';
import { CART_ID_HEADER } from '@gm/shared/orders/contracts';
import { clock, orders, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { cartOwner } from '../../services/orders/cart-line.ts';
import { searchOrders } from '../../services/orders/search-orders.ts';

/** POST order/search: the caller's own cart or orders, per tenant shop (subdomain), order id or keyword. */
export const handler = http('POST order/search', async ({ actor, body, headers, query, tenant, apiBaseUrl }) => {
  const owner = cartOwner(actor, headers[CART_ID_HEADER]);
  // A `page` in the query string (next_page_url) wins over the body's.
  const input = parse(orderSearchRequestSchema, {
    ...(body && typeof body === 'object' ? body : {}),
    ...(query.page ? { page: query.page } : {}),
  });
  // A POST search has no query to page with: the page's URL carries the page only (docs/decisions/catalogue.md, next_page_url of a POST search).
  const pageUrl = (page: number) => `${apiBaseUrl}order/search?page=${page}`;
  return json(200, await searchOrders(resolve({ orders, clock }), owner, input, tenant, pageUrl));
});
