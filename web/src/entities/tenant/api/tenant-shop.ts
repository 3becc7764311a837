import { tenantShopResponseSchema } from '@gm/shared/orders/checkout-extras';
import { api } from '../../../lib/api.ts';
import { currentTenant } from '../../../lib/tenant.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET user/company/name?subdomain=: the tenant shop of this host (none on the main site). */
export function getTenantShop(subdomain: string, signal?: AbortSignal) {
  return api.request('user/company/name', { query: { subdomain }, schema: tenantShopResponseSchema, signal });
}

export function useTenantShop() {
  return useApiQuery(currentTenant ? `tenant-shop:${currentTenant}` : null, () => getTenantShop(currentTenant!), {
    staleMs: 10 * 60_000,
  });
}
