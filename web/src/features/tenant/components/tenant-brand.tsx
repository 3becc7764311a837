import type { CSSProperties } from 'react';
import { mediaUrl } from '../../../lib/media.ts';
import { currentTenant } from '../../../lib/tenant.ts';
import { useTenantShop } from '../../../entities/tenant/api/tenant-shop.ts';
import { tenantColours } from '../tenant-rules.ts';
import './tenant-brand.css';

export type TenantBrandData = { name: string; logo: string | undefined; style: CSSProperties };

/** The shop's name, logo and colours for the site header on a tenant host; undefined on the main site or while loading. */
export function useTenantBrand(): TenantBrandData | undefined {
  const shop = useTenantShop().data?.data;
  if (!currentTenant || !shop) return undefined;
  const colours = tenantColours(shop.company);
  return {
    name: shop.company?.name ?? shop.username,
    logo: mediaUrl(shop.company?.logo),
    style: { '--tenant-bg': colours.background, '--tenant-fg': colours.text } as CSSProperties,
  };
}

/** The header's logo slot on a tenant shop: the company logo (if any) and its name. */
export function TenantBrand({ brand }: { brand: TenantBrandData }) {
  return (
    <span className="tenant-brand" data-testid="tenant-brand">
      {brand.logo && <img className="tenant-brand__logo" src={brand.logo} alt="" />}
      <span className="tenant-brand__name">{brand.name}</span>
    </span>
  );
}
