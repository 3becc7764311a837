import { walletsQuerySchema } from '@gm/shared/admin/orders';
import { clock, orders, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listPendingWallets } from '../../services/admin/orders/manage-orders.ts';

/** GET wallets?user_id=&status=pending (03 §7 "Wallets pending", admin): a user's cart lines. */
export const handler = http('GET wallets', async ({ query }) => {
  const input = parse(walletsQuerySchema, query);
  return json(200, await listPendingWallets(resolve({ orders, clock }), input.user_id));
});
