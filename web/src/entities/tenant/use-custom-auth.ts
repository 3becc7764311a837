import { paths } from '../../config/paths.ts';
import { currentTenant } from '../../lib/tenant.ts';
import { useTenantShop } from './api/tenant-shop.ts';

/**
 * Whether this host is a tenant shop with custom authentication (03 §9, `is_custom_auth` of the
 * tenant lookup): there /auth is the login and register page, 'Anmelden' and logout lead there and
 * guests check out without login. `pending` while the lookup of a tenant host is still loading.
 */
export function useCustomAuthTenant(): { customAuth: boolean; pending: boolean } {
  const shop = useTenantShop();
  return { customAuth: shop.data?.data.is_custom_auth === true, pending: Boolean(currentTenant) && shop.isPending };
}

/** Where 'Anmelden', a logout and a login-only page send a visitor on this host: /auth or /login. */
export function useLoginPath(): string {
  return useCustomAuthTenant().customAuth ? paths.auth : paths.login;
}
