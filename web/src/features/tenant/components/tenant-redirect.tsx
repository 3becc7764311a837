import { useEffect } from 'react';
import { useTenantShop } from '../../../entities/tenant/api/tenant-shop.ts';
import { mainSiteUrl } from '../../../entities/tenant/main-site.ts';

/** 01 §8 "Unknown subdomain company → redirect to the main site": a tenant host without a shop (404) leaves for the main site. */
export function TenantRedirect() {
  const { error } = useTenantShop();
  const unknown = error?.status === 404;
  useEffect(() => {
    if (unknown) window.location.replace(mainSiteUrl(window.location));
  }, [unknown]);
  return null;
}
