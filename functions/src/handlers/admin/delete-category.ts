import { categories, categoryTree, resolve, vouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { deleteCategory } from '../../services/admin/manage-categories.ts';

export const handler = http('DELETE voucher-category/{id}', async ({ actor, params }) =>
  json(200, await deleteCategory(resolve({ categories, categoryTree, vouchers }), actor, params.id ?? '')),
);
