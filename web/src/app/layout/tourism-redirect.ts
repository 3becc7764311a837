import { useLocation } from 'react-router';
import { useTenantShop } from '../../entities/tenant/api/tenant-shop.ts';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth.ts';

/** 01 §1, 03 §8: on a tourism tenant these pages lead to the wallet. */
const TOURISM_REDIRECTED = new Set(['/', '/home', '/wish-list', '/cart', '/guest-wallet']);

/**
 * Where a page of the tourism tenant redirects to (issue 13): /home, /wish-list, /cart, /guest-wallet
 * and / go to /wallet. A tenant is a tourism tenant when its lookup says so (`is_tourism`, added to
 * `GET user/company/name` by the tourism accounts' slice); a signed-in employee is always treated so.
 */
export function useTourismRedirect(): string | undefined {
  const { pathname } = useLocation();
  const auth = useAuth();
  const shop = useTenantShop();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!TOURISM_REDIRECTED.has(path)) return undefined;
  const tourismTenant = Boolean((shop.data?.data as { is_tourism?: boolean } | undefined)?.is_tourism);
  const employee = auth.isAuth && auth.data.is_employee;
  return tourismTenant || employee ? paths.wallet : undefined;
}
