import { useQuery } from '@tanstack/react-query';
import type { TenantShop } from '@gm/shared/orders/checkout-extras';
import { api } from '../../../lib/api.ts';
import { currentTenant } from '../../../lib/tenant.ts';

export const tenantShopKeys = {
  all: ['tenant-shop'] as const,
  of: (subdomain: string) => [...tenantShopKeys.all, subdomain] as const,
};

/** GET user/company/name?subdomain=: the tenant shop of this host (none on the main site). */
export async function getTenantShop(subdomain: string, signal?: AbortSignal): Promise<{ data: TenantShop }> {
  // Imported on the first call (tenant hosts only): the main site's first load does not carry the checkout extras.
  const { tenantShopResponseSchema } = await import('@gm/shared/orders/checkout-extras');
  return api.request('user/company/name', { query: { subdomain }, schema: tenantShopResponseSchema, signal });
}

/** The shop of this host: header brand, landing page, list scope, cart rules. Not fetched on the main site. */
export function useTenantShop() {
  return useQuery({
    queryKey: tenantShopKeys.of(currentTenant ?? ''),
    queryFn: ({ signal }) => getTenantShop(currentTenant ?? '', signal),
    enabled: Boolean(currentTenant),
    // A renamed or removed subdomain must reach open tabs soon (data-model §4.9: within 60 s).
    staleTime: 60_000,
    // The same for every visitor: kept when the signed-in user changes (lib/query-client.ts).
    meta: { sessionIndependent: true },
  });
}
