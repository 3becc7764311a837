import { CART_ID_HEADER, orderListQuerySchema } from '@gm/shared/orders/contracts';
import { sellerOrdersQuerySchema } from '@gm/shared/seller/dashboard';
import { clock, orders, resolve, sellerDashboard } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { cartOwner } from '../../services/orders/cart-line.ts';
import { listOrders } from '../../services/orders/list-orders.ts';
import { listSellerOrders } from '../../services/seller/seller-orders.ts';

/** GET order?status=pending|completed&page&paginate: the caller's own cart or orders; for sellers their sales (seller-orders.ts). */
export const handler = http('GET order', async ({ actor, headers, query, apiBaseUrl }) => {
  // Sellers (and admins naming a seller_id) get the seller's orders, with_stat the dashboard numbers (issue 6).
  if (actor && (actor.role === 'seller' || (actor.role === 'admin' && query.seller_id))) {
    const input = parse(sellerOrdersQuerySchema, query);
    const pageUrl = (cursor: string, page: number) =>
      `${apiBaseUrl}order?${new URLSearchParams({ page: String(page), paginate: String(input.paginate), cursor, ...(input.seller_id ? { seller_id: input.seller_id } : {}), ...(input.withRedemptions ? { withRedemptions: 'true' } : {}) })}`;
    return json(200, await listSellerOrders(resolve({ sellerDashboard, clock }), actor, input, pageUrl));
  }
  const owner = cartOwner(actor, headers[CART_ID_HEADER]);
  const input = parse(orderListQuerySchema, query);
  const pageUrl = (page: number) =>
    `${apiBaseUrl}order?${new URLSearchParams({ status: input.status, page: String(page), paginate: String(input.paginate) })}`;
  return json(200, await listOrders(resolve({ orders, clock }), owner, input, pageUrl));
});
