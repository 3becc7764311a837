import { regionLabel } from '@gm/shared/catalogue/reference-data';
import { SELLER_NOT_FOUND, type SellerProfile } from '@gm/shared/catalogue/seller-contracts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

/**
 * GET seller/{id}: the public face of a seller for the seller modal and /seller/{id}. Only public
 * fields leave here; the address is the company's, falling back to the seller's business address
 * from registration. Anyone who is not a seller is "not found".
 */
export async function getSellerProfile(deps: Pick<Deps, 'users' | 'companies'>, id: string): Promise<SellerProfile> {
  const [user, company] = await Promise.all([deps.users.get(id), deps.companies.getBySeller(id)]);
  // A deleted seller, or one the product has not activated yet (issue 11), has no public page.
  if (!user || user.role !== 'seller' || user.deleted_at || user.is_activated === false)
    throw new NotFoundError(SELLER_NOT_FOUND);
  return {
    id: user.id,
    username: user.username,
    company: company
      ? {
          name: company.name,
          logo: company.logo ?? null,
          header_logo: company.header_logo ?? null,
          description: company.description ?? null,
          address: company.address ?? user.address ?? null,
          city: company.city ?? user.city ?? null,
          zip: company.zip_code ?? user.zip_code ?? null,
          region_id: company.region_id ?? user.region_id ?? null,
          region: regionLabel(company.region_id ?? user.region_id),
          url: company.url ?? null,
          background_color: company.background_color ?? null,
          text_color: company.text_color ?? null,
          header_1: company.header_1 ?? null,
          header_2: company.header_2 ?? null,
        }
      : null,
  };
}
