import { TENANT_SHOP_NOT_FOUND, type TenantShop } from '@gm/shared/orders/checkout-extras';
import { NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

/**
 * `GET user/company/name?subdomain=` (03 §7 "Company by subdomain"): the seller owning the subdomain
 * (its `UNIQUE#SUBDOMAIN#…` item), with the company's name, logos and colours and whether the tenant
 * uses its own authentication. Unknown subdomains answer 404 (the web goes to the main site).
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
    company: company
      ? {
          name: company.name,
          logo: company.logo,
          header_logo: company.header_logo,
          background_color: company.background_color,
          text_color: company.text_color,
        }
      : null,
  };
}
