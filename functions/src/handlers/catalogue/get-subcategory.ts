import { categoryTree, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getSubcategory } from '../../services/catalogue/categories.ts';

export const handler = http('GET voucher-sub-category/{id}', async ({ params }) =>
  json(200, await getSubcategory(resolve({ categoryTree }), params.id ?? '')),
);
