/**
 * The tenant shop of `name` on this deployment: the first label added to the main host
 * (`gutscheinmarkt.at` → `name.gutscheinmarkt.at`). Null where the host is no two-label main site
 * (e.g. plain `localhost`), since a tenant host has exactly three labels (03 §9).
 */
export function shopUrl(name: string, location: { protocol: string; hostname: string; port: string }): string | null {
  const labels = location.hostname.split('.');
  if (labels.length !== 2 || /^\d+$/.test(labels[1] ?? '')) return null;
  return `${location.protocol}//${name}.${location.hostname}${location.port ? `:${location.port}` : ''}/home`;
}
