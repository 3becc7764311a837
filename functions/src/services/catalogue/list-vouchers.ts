import type { Paged } from '@gm/shared/api/paged';
import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import type { Deps } from '../deps.ts';
import { selectCatalogue, type CatalogueSource } from './select-catalogue.ts';

export { seededShuffle } from './select-catalogue.ts';

export type VoucherListInput = {
  page: number;
  paginate: number;
  featured?: boolean | undefined;
  newest?: boolean | undefined;
  seller_id?: string | undefined;
  keyword?: string | undefined;
  seed?: number | undefined;
};

/** GET voucher: the marketplace list (newest first, or a seeded random order), through the search's selection. */
export function selectVouchers(
  entries: CatalogueSource,
  input: VoucherListInput,
  pageUrl: (page: number) => string,
): Paged<VoucherCard> {
  return selectCatalogue(
    entries,
    {
      listing: 'marketplace',
      featured: input.featured,
      seller_id: input.seller_id,
      keyword: input.keyword,
      seed: input.seed,
      sort: input.newest ? 'isNewest' : undefined,
    },
    input,
    pageUrl,
  );
}

export async function listVouchers(
  deps: Pick<Deps, 'catalogue'>,
  input: VoucherListInput,
  pageUrl: (page: number) => string,
): Promise<Paged<VoucherCard>> {
  return selectVouchers(await deps.catalogue.index(), input, pageUrl);
}
