import { LOCAL_APEX_DOMAIN, tenantFromHost } from '@gm/shared/tenant/tenant';

/**
 * The domain tenant shops are subdomains of: VITE_APEX_DOMAIN at build time (a production build
 * refuses to build without it, shared/src/web/build-settings.ts); development and local builds default to
 * `gutscheinmarkt.localhost`.
 */
export const APEX_DOMAIN: string = import.meta.env.VITE_APEX_DOMAIN || LOCAL_APEX_DOMAIN;

/** The tenant (company subdomain) this page is served for, or undefined on the main site. */
export const currentTenant: string | undefined =
  typeof location === 'undefined' ? undefined : tenantFromHost(location.host, APEX_DOMAIN);
