import { TENANT_SHOP_NOT_FOUND, type TenantShop } from '@gm/shared/orders/checkout-extras';
import { NotFoundError } from '../../lib/errors.ts';
import type { CompanyRecord } from '../../repositories/company-repository.ts';
import { createCachedValue, type CachedValue } from '../catalogue/catalogue-cache.ts';
import type { Deps } from '../deps.ts';

/**
 * `GET user/company/name?subdomain=` (03 §7 "Company by subdomain"): the seller owning the subdomain
 * (its `UNIQUE#SUBDOMAIN#…` item), with the company's name and its voucher website (logos, colours,
 * titles, texts, icons, imprint link) and whether the tenant uses its own authentication. Unknown
 * subdomains answer 404 (the web goes to the main site).
 */
export async function getTenantShop(deps: Pick<Deps, 'users' | 'companies'>, subdomain: string): Promise<TenantShop> {
  const sellerId = await deps.users.ownerOf('subdomain', subdomain);
  const seller = sellerId ? await deps.users.get(sellerId) : undefined;
  // A seller not activated yet (issue 11) or deleted has no shop: the web goes to the main site.
  if (
    !seller ||
    seller.role !== 'seller' ||
    seller.deleted_at ||
    seller.is_activated === false ||
    (seller.subdomain ?? '').toLowerCase() !== subdomain
  )
    throw new NotFoundError(TENANT_SHOP_NOT_FOUND);
  const company = await deps.companies.getBySeller(seller.id);
  return {
    seller_id: seller.id,
    username: seller.username,
    subdomain,
    is_custom_auth: seller.is_custom_auth === true,
    is_tourism: seller.is_tourism === true,
    company: company ? { name: company.name, ...websiteFields(company) } : null,
  };
}

/** The company's voucher website as stored; fields older companies lack are null (the web shows the defaults). */
export function websiteFields(company: CompanyRecord) {
  return {
    logo: company.logo ?? null,
    header_logo: company.header_logo ?? null,
    header_1: company.header_1 ?? null,
    header_2: company.header_2 ?? null,
    background_color: company.background_color ?? null,
    text_color: company.text_color ?? null,
    is_header_show: company.is_header_show !== false,
    link: company.link ?? null,
    text_1: company.text_1 ?? null,
    text_2: company.text_2 ?? null,
    text_3: company.text_3 ?? null,
    icon_1: company.icon_1 ?? null,
    icon_2: company.icon_2 ?? null,
    icon_3: company.icon_3 ?? null,
  };
}

export type TenantShopCache = { get(subdomain: string): Promise<TenantShop>; invalidate(): void };

/**
 * The company-by-subdomain cache (docs/data-model.md "Caching in the function"): a found shop is kept
 * in the container for `ttlMs` (stale-while-revalidate like the catalogue); unknown subdomains are
 * never kept, so guessing names cannot fill the memory. Writers in the same container (website
 * configuration, subdomain changes) call `invalidate()`; other containers see a change within the TTL.
 */
export function createTenantShopCache(
  load: (subdomain: string) => Promise<TenantShop>,
  ttlMs: number,
): TenantShopCache {
  const shops = new Map<string, CachedValue<TenantShop>>();
  return {
    async get(subdomain) {
      if (ttlMs === 0) return load(subdomain);
      let cached = shops.get(subdomain);
      if (!cached) {
        cached = createCachedValue(() => load(subdomain), ttlMs);
        shops.set(subdomain, cached);
      }
      try {
        return await cached.get();
      } catch (error) {
        if (shops.get(subdomain) === cached) shops.delete(subdomain);
        throw error;
      }
    },
    invalidate() {
      shops.clear();
    },
  };
}
