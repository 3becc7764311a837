import { tenantFromHost } from '@gm/shared/tenant/tenant';

/**
 * The address of a seller's voucher website as the seller opens it: the subdomain in front of the
 * main site's host (same scheme and port). On a tenant host, or on `www.`, that first label is
 * replaced: `www.gutscheinmarkt.at` → `https://alpenspa.gutscheinmarkt.at/`.
 */
export function tenantSiteUrl(
  location: { protocol: string; hostname: string; port: string },
  subdomain: string,
): string {
  const labels = location.hostname.split('.');
  const onTenant = Boolean(tenantFromHost(location.hostname)) || (labels.length === 3 && labels[0] === 'www');
  const host = (onTenant ? labels.slice(1) : labels).join('.');
  return `${location.protocol}//${subdomain}.${host}${location.port ? `:${location.port}` : ''}/`;
}
