import type { TenantShop } from '@gm/shared/orders/checkout-extras';
import { TENANT_SITE_DEFAULTS } from '@gm/shared/tenant/tenant-site-defaults';

/** 03 §9 "Tenant/subdomain behaviour": the tenant site's colours when the company has none. */
export const TENANT_DEFAULT_COLOURS = {
  background: TENANT_SITE_DEFAULTS.background,
  text: TENANT_SITE_DEFAULTS.text,
} as const;

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A stored colour if it is a plain hex colour (it ends up in a style attribute), else the fallback. */
export function safeColour(value: string | null | undefined, fallback: string): string {
  const colour = value?.trim();
  return colour && HEX_COLOUR.test(colour) ? colour : fallback;
}

/** The company's background and text colour on its shop, with the spec's defaults. */
export function tenantColours(
  company: Pick<NonNullable<TenantShop['company']>, 'background_color' | 'text_color'> | null | undefined,
) {
  return {
    background: safeColour(company?.background_color, TENANT_DEFAULT_COLOURS.background),
    text: safeColour(company?.text_color, TENANT_DEFAULT_COLOURS.text),
  };
}

/**
 * The hero's two header texts (website configuration Titel 1 and Titel 2). Without them the company
 * name and a fixed line stand in, so the hero is never empty (decisions 2026-11-26).
 */
export function heroTexts(
  company: { name?: string | null; header_1?: string | null; header_2?: string | null } | null | undefined,
  username: string,
) {
  const first = company?.header_1?.trim() || company?.name?.trim() || username;
  const second = company?.header_2?.trim() || TENANT_SITE_DEFAULTS.header_2;
  return { first, second };
}
