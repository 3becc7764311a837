import type { Paged } from '@gm/shared/api/paged';
import type { Category, VoucherCard } from '@gm/shared/catalogue/contracts';
import { sortOf, type VoucherSearchInput } from '@gm/shared/catalogue/search-contracts';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, UnauthenticatedError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { selectCatalogue, type CatalogueCriteria } from './select-catalogue.ts';

/** `isCategory` takes a category id or its slug; an unknown one matches nothing. */
export function resolveCategoryId(tree: readonly Category[], idOrSlug: string): string {
  const wanted = idOrSlug.trim().toLowerCase();
  return tree.find((c) => c.id === idOrSlug || c.slug === wanted)?.id ?? idOrSlug;
}

export function searchCriteria(input: VoucherSearchInput, categoryId: string | undefined): CatalogueCriteria {
  return {
    listing: input.seller_gift ? 'direct-sale' : 'marketplace',
    keyword: input.keyword,
    featured: input.featured,
    seller_id: input.seller_id,
    category_id: categoryId,
    subcategory_id: input.subcategory,
    region_id: input.isRegion,
    targets: input.targets,
    seasons: input.seasons,
    price: input.isPrice,
    ids: input.ids,
    sort: sortOf(input),
    seed: input.seed,
  };
}

/**
 * The direct-sale list (`seller_gift`) shows vouchers that are not on the marketplace, so only the
 * seller itself, its scanner staff and admins may ask for it.
 */
async function assertMaySeeDirectSale(
  deps: Pick<Deps, 'users'>,
  actor: Actor | undefined,
  sellerId: string,
): Promise<void> {
  if (!actor) throw new UnauthenticatedError();
  if (actor.role === 'admin' || (actor.role === 'seller' && actor.userId === sellerId)) return;
  if (actor.role === 'scanner' && (await deps.users.get(actor.userId))?.seller_id === sellerId) return;
  throw new ForbiddenError();
}

/** POST voucher/search: answered from the search snapshot held in memory, no catalogue read per request. */
export async function searchVouchers(
  deps: Pick<Deps, 'catalogue' | 'categoryTree' | 'users'>,
  actor: Actor | undefined,
  input: VoucherSearchInput,
  pageUrl: (page: number) => string,
): Promise<Paged<VoucherCard>> {
  if (input.seller_gift && input.seller_id) await assertMaySeeDirectSale(deps, actor, input.seller_id);
  const [index, categoryId] = await Promise.all([
    deps.catalogue.index(),
    input.isCategory
      ? deps.categoryTree.tree().then((tree) => resolveCategoryId(tree, input.isCategory ?? ''))
      : Promise.resolve(undefined),
  ]);
  return selectCatalogue(index, searchCriteria(input, categoryId), input, pageUrl);
}
