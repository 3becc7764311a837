import { tenantShopQuerySchema } from '@gm/shared/orders/checkout-extras';
import { companies, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { getTenantShop } from '../../services/users/tenant-shop.ts';

/** GET user/company/name?subdomain= (public): the tenant shop's seller, company and custom-auth flag. */
export const handler = http('GET user/company/name', async ({ query }) => {
  const { subdomain } = parse(tenantShopQuerySchema, query);
  return json(200, { data: await getTenantShop(resolve({ users, companies }), subdomain) });
});
