import { tenantFromHost } from '@gm/shared/tenant/tenant';
import { APEX_DOMAIN } from '../../lib/tenant.ts';

/**
 * The main site of a tenant page: the same scheme and port on the apex domain
 * (`alpenspa.gutscheinmarkt.at` → `gutscheinmarkt.at`), at `path` (/home by default). Used when the
 * subdomain has no shop, and to send a buyer to the marketplace for another seller's voucher. On a
 * host that is no tenant, that host itself.
 */
export function mainSiteUrl(
  location: { protocol: string; hostname: string; port: string },
  path = '/home',
  apexDomain: string = APEX_DOMAIN,
): string {
  const host = tenantFromHost(location.hostname, apexDomain) ? apexDomain : location.hostname;
  return `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}${path}`;
}
