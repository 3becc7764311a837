import { tenantFromHost } from '@gm/shared/tenant/tenant';

/** The tenant (company subdomain) this page is served for, or undefined on the main site. */
export const currentTenant: string | undefined =
  typeof location === 'undefined' ? undefined : tenantFromHost(location.host);
