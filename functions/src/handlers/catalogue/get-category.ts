import { categoryTree, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getCategory } from '../../services/catalogue/categories.ts';

/** GET voucher-category/{id}: by id or by slug (the category page's route parameter). */
export const handler = http('GET voucher-category/{id}', async ({ params }) =>
  json(200, await getCategory(resolve({ categoryTree }), params.id ?? '')),
);
