import { tenantFromHost } from '@gm/shared/tenant/tenant';

/**
 * The address of a seller's voucher website as the seller opens it: the subdomain in front of the
 * main site's host (same scheme and port). On a tenant host, or on `www.`, that first label is
 * replaced: `www.gutscheinmarkt.at` → `https://alpenspa.gutscheinmarkt.at/`; the local main site
 * `localhost:5173` → `http://alpenspa.gutscheinmarkt.localhost:5173/`.
 */
export function tenantSiteUrl(
  location: { protocol: string; hostname: string; port: string },
  subdomain: string,
): string {
  const labels = location.hostname.split('.');
  const onTenant = Boolean(tenantFromHost(location.hostname)) || (labels.length === 3 && labels[0] === 'www');
  const base = onTenant ? labels.slice(1) : labels;
  // Locally the main site is `localhost` and shops are `<name>.gutscheinmarkt.localhost` (web/vite.config.ts).
  const host = (base.length === 1 ? ['gutscheinmarkt', ...base] : base).join('.');
  return `${location.protocol}//${subdomain}.${host}${location.port ? `:${location.port}` : ''}/`;
}
