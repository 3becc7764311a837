import { tenantShopQuerySchema } from '@gm/shared/orders/checkout-extras';
import { resolve, tenantShops } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';

/**
 * GET user/company/name?subdomain= (public): the tenant shop's seller, company, voucher website and
 * custom-auth flag; kept in the container's company-by-subdomain cache (≤ 60 s, issue 13).
 */
export const handler = http('GET user/company/name', async ({ query }) => {
  const { subdomain } = parse(tenantShopQuerySchema, query);
  return json(200, { data: await resolve({ tenantShops }).tenantShops.get(subdomain) });
});
