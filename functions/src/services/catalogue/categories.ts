import type { Category } from '@gm/shared/catalogue/contracts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { resolveCategoryId } from './search-vouchers.ts';

export const CATEGORY_NOT_FOUND = 'Kategorie nicht gefunden.';
export const SUBCATEGORY_NOT_FOUND = 'Unterkategorie nicht gefunden.';

type Subcategory = Category['subcategories'][number];

/** One category with its sub-categories, by id or slug (the category page's route parameter). */
export async function getCategory(deps: Pick<Deps, 'categoryTree'>, idOrSlug: string): Promise<Category> {
  const tree = await deps.categoryTree.tree();
  const id = resolveCategoryId(tree, idOrSlug);
  const category = tree.find((c) => c.id === id);
  if (!category) throw new NotFoundError(CATEGORY_NOT_FOUND);
  return category;
}

/** Every sub-category, or those of one category (id or slug), ordered by name. */
export async function listSubcategories(
  deps: Pick<Deps, 'categoryTree'>,
  categoryIdOrSlug?: string,
): Promise<Subcategory[]> {
  const tree = await deps.categoryTree.tree();
  const categoryId = categoryIdOrSlug ? resolveCategoryId(tree, categoryIdOrSlug) : undefined;
  return tree
    .filter((c) => !categoryId || c.id === categoryId)
    .flatMap((c) => c.subcategories)
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

export async function getSubcategory(deps: Pick<Deps, 'categoryTree'>, id: string): Promise<Subcategory> {
  const found = (await deps.categoryTree.tree()).flatMap((c) => c.subcategories).find((s) => s.id === id);
  if (!found) throw new NotFoundError(SUBCATEGORY_NOT_FOUND);
  return found;
}
