import { adminUserFilterQuerySchema } from '@gm/shared/admin/users';
import { userFilterQuerySchema } from '@gm/shared/wallet/gift';
import { companies, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { filterUsers } from '../../services/gifts/gift-order.ts';
import { listUsersForAdmin } from '../../services/users/admin-users.ts';

/**
 * GET user/user-filter. Admins (03 §2 /users, §7): any role, empty keyword lists all, paged 10
 * (`data` holds API users, so the gifting picker still reads ids and usernames from it). Everyone
 * else: buyers by username prefix, for gifting to a wallet (ids and usernames only, at most 20).
 */
export const handler = http('GET user/user-filter', async ({ actor, query, apiBaseUrl }) => {
  if (actor.role === 'admin') {
    const input = parse(adminUserFilterQuerySchema, query);
    return json(200, await listUsersForAdmin(resolve({ users, companies }), input, apiBaseUrl));
  }
  const input = parse(userFilterQuerySchema, query);
  return json(200, { data: await filterUsers(resolve({ users }), actor, input.keyword) });
});
