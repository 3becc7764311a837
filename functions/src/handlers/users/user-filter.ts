import { subdomainFilterQuerySchema } from '@gm/shared/admin/platform';
import { userFilterQuerySchema } from '@gm/shared/wallet/gift';
import { platformAdmin, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listSubdomainSellers } from '../../services/admin/subdomains.ts';
import { filterUsers } from '../../services/gifts/gift-order.ts';

/** GET user/user-filter?role=user&keyword=: buyers by username prefix, for gifting to a wallet (ids and usernames only). */
export const handler = http('GET user/user-filter', async ({ actor, query, apiBaseUrl }) => {
  // Admin /subdomain (issue 11): sellers with a subdomain (`subdomain=1`) or without one (`subdomain_empty=1`).
  if (actor.role === 'admin' && query.role === 'seller' && (query.subdomain || query.subdomain_empty)) {
    const input = parse(subdomainFilterQuerySchema, query);
    const flag = query.subdomain ? 'subdomain' : 'subdomain_empty';
    const pageUrl = (page: number) =>
      `${apiBaseUrl}user/user-filter?${new URLSearchParams({ role: 'seller', [flag]: '1', page: String(page), paginate: String(input.paginate), ...(input.keyword ? { keyword: input.keyword } : {}) })}`;
    return json(
      200,
      await listSubdomainSellers(
        resolve({ platformAdmin }),
        { ...input, withSubdomain: flag === 'subdomain' },
        pageUrl,
      ),
    );
  }
  const input = parse(userFilterQuerySchema, query);
  return json(200, { data: await filterUsers(resolve({ users }), actor, input.keyword) });
});
