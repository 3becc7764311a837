import { userFilterQuerySchema } from '@gm/shared/wallet/gift';
import { resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { filterUsers } from '../../services/gifts/gift-order.ts';

/** GET user/user-filter?role=user&keyword=: buyers by username prefix, for gifting to a wallet (ids and usernames only). */
export const handler = http('GET user/user-filter', async ({ actor, query }) => {
  const input = parse(userFilterQuerySchema, query);
  return json(200, { data: await filterUsers(resolve({ users }), actor, input.keyword) });
});
