import { adminOrderSearchRequestSchema } from '@gm/shared/admin/orders';
import { orderSearchRequestSchema } from '@gm/shared/orders/checkout-extras';
import { CART_ID_HEADER } from '@gm/shared/orders/contracts';
import { clock, orderAdmin, orders, resolve, userReader } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { searchAdminOrders } from '../../services/admin/orders/manage-orders.ts';
import { cartOwner } from '../../services/orders/cart-line.ts';
import { searchOrders } from '../../services/orders/search-orders.ts';

/**
 * POST order/search: the caller's own cart or orders, per tenant shop (subdomain), order id or keyword;
 * for an admin (not impersonating) the /manage-orders search over all completed orders (03 §2, §7).
 */
export const handler = http('POST order/search', async ({ actor, body, headers, query, tenant, apiBaseUrl }) => {
  // A `page` (and the admin's `cursor` and `seen`) in the query string (next_page_url) wins over the body's.
  const fields = {
    ...(body && typeof body === 'object' ? body : {}),
    ...(query.page ? { page: query.page } : {}),
  };
  if (actor?.role === 'admin' && !actor.impersonatedBy) {
    const input = parse(adminOrderSearchRequestSchema, {
      ...fields,
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.seen ? { seen: query.seen } : {}),
    });
    const pageUrl = (page: number, cursor: string | undefined, seen?: number) =>
      `${apiBaseUrl}order/search?page=${page}${cursor ? `&cursor=${cursor}` : ''}${seen === undefined ? '' : `&seen=${seen}`}`;
    return json(200, await searchAdminOrders(resolve({ orderAdmin, users: userReader }), input, pageUrl));
  }
  const owner = cartOwner(actor, headers[CART_ID_HEADER]);
  const input = parse(orderSearchRequestSchema, fields);
  // A POST search has no query to page with: the page's URL carries the page only (docs/decisions/catalogue.md, next_page_url of a POST search).
  const pageUrl = (page: number) => `${apiBaseUrl}order/search?page=${page}`;
  return json(200, await searchOrders(resolve({ orders, clock }), owner, input, tenant, pageUrl));
});
