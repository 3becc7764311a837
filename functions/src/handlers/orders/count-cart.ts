import { clock, orders, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { countCart } from '../../services/orders/list-orders.ts';

/** GET order/total-user-cart → { total }: the buyer's cart count. */
export const handler = http('GET order/total-user-cart', async ({ actor }) =>
  json(200, await countCart(resolve({ orders, clock }), { kind: 'user', userId: actor.userId })),
);
