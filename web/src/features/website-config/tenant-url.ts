import { tenantHost } from '@gm/shared/tenant/tenant';
import { APEX_DOMAIN } from '../../lib/tenant.ts';

/**
 * The address of a seller's voucher website as the seller opens it: the subdomain on the apex domain,
 * with the current page's scheme and port: `https://alpenspa.gutscheinmarkt.at/`; locally
 * `http://alpenspa.gutscheinmarkt.localhost:5173/`.
 */
export function tenantSiteUrl(
  location: { protocol: string; port: string },
  subdomain: string,
  apexDomain: string = APEX_DOMAIN,
): string {
  return `${location.protocol}//${tenantHost(subdomain, apexDomain)}${location.port ? `:${location.port}` : ''}/`;
}
