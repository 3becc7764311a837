/** A host with exactly three labels is a tenant; the first label is its name (03 "Tenant/subdomain behaviour"). */
export function tenantFromHost(host: string): string | undefined {
  const name = host.split(':')[0]?.toLowerCase() ?? '';
  if (!name || /^\d+(\.\d+){3}$/.test(name)) return undefined;
  const labels = name.split('.');
  if (labels.length !== 3) return undefined;
  const [first] = labels;
  return first && first !== 'www' ? first : undefined;
}

export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
