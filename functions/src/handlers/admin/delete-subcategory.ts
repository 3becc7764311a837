import { categories, categoryTree, clock, newId, resolve, vouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { deleteSubcategory } from '../../services/admin/manage-categories.ts';

export const handler = http('DELETE voucher-sub-category/{id}', async ({ actor, params }) =>
  json(
    200,
    await deleteSubcategory(resolve({ categories, categoryTree, vouchers, newId, clock }), actor, params.id ?? ''),
  ),
);
