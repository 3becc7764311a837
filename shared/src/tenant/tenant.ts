/**
 * Tenant detection (03 "Tenant/subdomain behaviour", issue 14): a tenant shop is served on
 * `<name>.<apex>`, where the apex is the configured domain (CDK context `domainName` on AWS,
 * `gutscheinmarkt.localhost` locally). Every other host is the main site: the apex itself,
 * `www.<apex>`, deeper names, IP addresses and CloudFront's own `dXXXX.cloudfront.net`.
 */

/** The apex locally: Chromium resolves `*.localhost` to this machine, so `<name>.gutscheinmarkt.localhost` works. */
export const LOCAL_APEX_DOMAIN = 'gutscheinmarkt.localhost';

/** A single DNS label: what a tenant's name may look like. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A bare host name like `gutscheinmarkt.at` (no scheme, port or path): what an apex domain must be. */
export const APEX_DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/;

/** Host names compared: lower case, without a port and without the trailing dot of a fully qualified name. */
export function hostName(host: string): string {
  const name = host.trim().toLowerCase();
  const withoutPort = name.startsWith('[') ? name : (name.split(':')[0] ?? '');
  return withoutPort.replace(/\.$/, '');
}

/**
 * The tenant a host belongs to, or undefined for the main site. Only `<name>.<apex>` with a
 * single-label name other than `www` is a tenant; without an apex there are no tenants at all.
 */
export function tenantFromHost(host: string, apexDomain: string | undefined): string | undefined {
  const apex = apexDomain ? hostName(apexDomain) : '';
  if (!apex) return undefined;
  const name = hostName(host);
  const suffix = `.${apex}`;
  if (!name.endsWith(suffix)) return undefined;
  const label = name.slice(0, -suffix.length);
  if (!SUBDOMAIN_PATTERN.test(label) || label === 'www') return undefined;
  return label;
}

/** The host of a tenant's shop: `alpenspa` on `gutscheinmarkt.at` → `alpenspa.gutscheinmarkt.at`. */
export function tenantHost(subdomain: string, apexDomain: string): string {
  return `${subdomain.toLowerCase()}.${hostName(apexDomain)}`;
}
