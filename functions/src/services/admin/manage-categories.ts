import { CATALOGUE_ADMIN_TEXT as T } from '@gm/shared/catalogue-admin/contracts';
import type { Category } from '@gm/shared/catalogue/contracts';
import { categorySlug } from '@gm/shared/catalogue/reference-data';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { CategoryRecord } from '../../repositories/category-repository.ts';
import type { Deps } from '../deps.ts';

type Subcategory = Category['subcategories'][number];
type CategoryDeps = Pick<Deps, 'categories' | 'categoryTree' | 'vouchers' | 'uploads' | 'newId' | 'newToken' | 'clock'>;
type SubcategoryDeps = Pick<Deps, 'categories' | 'categoryTree' | 'vouchers' | 'newId' | 'clock'>;
type CategoryInput = { name: string; image_upload_id?: string | null | undefined };
type SubcategoryInput = { category_id: string; name: string };

const fieldError = (field: string, message: string) => new ValidationError({ [field]: [message] }, message);
const sameName = (a: string, b: string) => a.localeCompare(b, 'de', { sensitivity: 'accent' }) === 0;

function recordOf(category: Category): CategoryRecord {
  return { id: category.id, name: category.name, slug: category.slug, icon: category.icon, logo: category.logo };
}

/** Catalogue entries (fresh, not the cache: a delete must see a voucher created a moment ago) that use a category or sub-category. */
async function vouchersUsing(
  deps: Pick<Deps, 'vouchers'>,
  match: { category_id?: string; subcategory_id?: string },
): Promise<string[]> {
  const entries = await deps.vouchers.listCatalogue();
  return entries
    .filter((e) =>
      match.category_id ? e.voucher_category_id === match.category_id : e.subcategory_id === match.subcategory_id,
    )
    .map((e) => e.id);
}

async function publishImage(
  deps: Pick<Deps, 'uploads' | 'newToken'>,
  actor: Actor,
  categoryId: string,
  uploadId: string | null | undefined,
): Promise<string | undefined> {
  if (!uploadId) return undefined;
  return deps.uploads.publish(actor, uploadId, 'category', `categories/${categoryId}/${deps.newToken().slice(0, 16)}`);
}

/** POST voucher-category: name (slug = categorySlug(name), unique) and an optional cropped image. */
export async function createCategory(
  deps: CategoryDeps,
  actor: Actor,
  input: CategoryInput,
): Promise<{ message: string; data: Category }> {
  const slug = categorySlug(input.name);
  const tree = await deps.categories.listTree({ consistent: true });
  if (tree.some((c) => c.slug === slug)) throw fieldError('name', T.categoryNameTaken);
  const id = deps.newId();
  const logo = (await publishImage(deps, actor, id, input.image_upload_id)) ?? null;
  const record: CategoryRecord = { id, name: input.name, slug, icon: null, logo };
  const created = await deps.categories.create(record, deps.clock().toISOString()).catch(async (error: unknown) => {
    await deps.uploads.discard([logo], 'category: create failed');
    throw error;
  });
  if (created === 'slug-taken') {
    await deps.uploads.discard([logo], 'category: create refused');
    throw fieldError('name', T.categoryNameTaken);
  }
  deps.categoryTree.invalidate();
  return { message: T.categorySaved, data: { ...record, subcategories: [] } };
}

/** PUT voucher-category/{id}: rename and/or replace the image; vouchers of the category get the new name and slug. */
export async function updateCategory(
  deps: CategoryDeps,
  actor: Actor,
  id: string,
  input: CategoryInput,
): Promise<{ message: string; data: Category }> {
  const tree = await deps.categories.listTree({ consistent: true });
  const current = tree.find((c) => c.id === id);
  if (!current) throw new NotFoundError(T.categoryNotFound);
  const slug = categorySlug(input.name);
  if (tree.some((c) => c.id !== id && c.slug === slug)) throw fieldError('name', T.categoryNameTaken);
  const published = await publishImage(deps, actor, id, input.image_upload_id);
  const logo = published ?? current.logo;
  const after: CategoryRecord = { ...recordOf(current), name: input.name, slug, logo };
  const result = await deps.categories
    .update(recordOf(current), after, deps.clock().toISOString())
    .catch(async (error: unknown) => {
      await deps.uploads.discard([published], 'category: save failed');
      throw error;
    });
  if (result === 'not-found' || result === 'slug-taken')
    await deps.uploads.discard([published], 'category: save refused');
  if (result === 'not-found') throw new NotFoundError(T.categoryNotFound);
  if (result === 'slug-taken') throw fieldError('name', T.categoryNameTaken);
  // Vouchers carry the category's id, name and slug, never its image: the replaced image is unused now.
  if (published && current.logo && current.logo !== published)
    await deps.uploads.discard([current.logo], 'category: image replaced');
  if (current.name !== after.name) {
    await deps.vouchers.setCategorySummary(await vouchersUsing(deps, { category_id: id }), {
      id,
      name: after.name,
      slug: after.slug,
    });
  }
  deps.categoryTree.invalidate();
  return { message: T.categorySaved, data: { ...after, subcategories: current.subcategories } };
}

/** DELETE voucher-category/{id}: refused while vouchers use it; otherwise removes it with its sub-categories. */
export async function deleteCategory(
  deps: Pick<Deps, 'categories' | 'categoryTree' | 'vouchers'>,
  _actor: Actor,
  id: string,
): Promise<{ message: string; id: string }> {
  const current = (await deps.categories.listTree({ consistent: true })).find((c) => c.id === id);
  if (!current) throw new NotFoundError(T.categoryNotFound);
  if ((await vouchersUsing(deps, { category_id: id })).length > 0) throw fieldError('id', T.categoryInUse);
  const result = await deps.categories.remove(
    recordOf(current),
    current.subcategories.map((s) => s.id),
  );
  if (result === 'not-found') throw new NotFoundError(T.categoryNotFound);
  deps.categoryTree.invalidate();
  return { message: T.categoryDeleted, id };
}

function findSubcategory(tree: Category[], id: string): Subcategory | undefined {
  for (const category of tree) {
    const found = category.subcategories.find((s) => s.id === id);
    if (found) return found;
  }
  return undefined;
}

function checkSubcategoryName(tree: Category[], input: SubcategoryInput, exceptId?: string): void {
  const parent = tree.find((c) => c.id === input.category_id);
  if (!parent) throw fieldError('category_id', T.categoryNotFound);
  if (parent.subcategories.some((s) => s.id !== exceptId && sameName(s.name, input.name)))
    throw fieldError('name', T.subcategoryNameTaken);
}

/** POST voucher-sub-category: parent category and name (unique within the parent). */
export async function createSubcategory(
  deps: SubcategoryDeps,
  _actor: Actor,
  input: SubcategoryInput,
): Promise<{ message: string; data: Subcategory }> {
  checkSubcategoryName(await deps.categories.listTree({ consistent: true }), input);
  const sub = { id: deps.newId(), category_id: input.category_id, name: input.name };
  if ((await deps.categories.createSubcategory(sub, deps.clock().toISOString())) === 'not-found')
    throw fieldError('category_id', T.categoryNotFound);
  deps.categoryTree.invalidate();
  return { message: T.subcategorySaved, data: sub };
}

/** PUT voucher-sub-category/{id}: rename, or move to another parent while no voucher uses it. */
export async function updateSubcategory(
  deps: SubcategoryDeps,
  _actor: Actor,
  id: string,
  input: SubcategoryInput,
): Promise<{ message: string; data: Subcategory }> {
  const tree = await deps.categories.listTree({ consistent: true });
  const current = findSubcategory(tree, id);
  if (!current) throw new NotFoundError(T.subcategoryNotFound);
  checkSubcategoryName(tree, input, id);
  if (current.category_id !== input.category_id && (await vouchersUsing(deps, { subcategory_id: id })).length > 0) {
    throw fieldError('category_id', T.subcategoryMoveInUse);
  }
  const after = { id, category_id: input.category_id, name: input.name };
  if ((await deps.categories.updateSubcategory(current, after, deps.clock().toISOString())) === 'not-found')
    throw new NotFoundError(T.subcategoryNotFound);
  deps.categoryTree.invalidate();
  return { message: T.subcategorySaved, data: after };
}

/** DELETE voucher-sub-category/{id}: refused while vouchers use it. */
export async function deleteSubcategory(
  deps: SubcategoryDeps,
  _actor: Actor,
  id: string,
): Promise<{ message: string; id: string }> {
  const current = findSubcategory(await deps.categories.listTree({ consistent: true }), id);
  if (!current) throw new NotFoundError(T.subcategoryNotFound);
  if ((await vouchersUsing(deps, { subcategory_id: id })).length > 0) throw fieldError('id', T.subcategoryInUse);
  if ((await deps.categories.removeSubcategory(current)) === 'not-found')
    throw new NotFoundError(T.subcategoryNotFound);
  deps.categoryTree.invalidate();
  return { message: T.subcategoryDeleted, id };
}
