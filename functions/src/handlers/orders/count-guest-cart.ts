import { CART_ID_HEADER } from '@gm/shared/orders/contracts';
import { clock, orders, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { guestCartOwner } from '../../services/orders/cart-line.ts';
import { countCart } from '../../services/orders/list-orders.ts';

/** GET order/guest/total-user-cart → { total }: the count of the guest cart named by x-cart-id. */
export const handler = http('GET order/guest/total-user-cart', async ({ headers }) =>
  json(200, await countCart(resolve({ orders, clock }), guestCartOwner(headers[CART_ID_HEADER]))),
);
