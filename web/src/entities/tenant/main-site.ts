/**
 * The main site of a tenant page: the same scheme and port on the host without the tenant label
 * (`alpenspa.gutscheinmarkt.at` → `gutscheinmarkt.at`), at `path` (/home by default). Used when the
 * subdomain has no shop, and to send a buyer to the marketplace for another seller's voucher.
 */
export function mainSiteUrl(location: { protocol: string; hostname: string; port: string }, path = '/home'): string {
  const labels = location.hostname.split('.');
  const host = labels.length > 2 ? labels.slice(1).join('.') : location.hostname;
  return `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}${path}`;
}
