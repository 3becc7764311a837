import { subcategoryListQuerySchema } from '@gm/shared/catalogue/search-contracts';
import { categoryTree, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listSubcategories } from '../../services/catalogue/categories.ts';

export const handler = http('GET voucher-sub-category', async ({ query }) => {
  const input = parse(subcategoryListQuerySchema, query);
  return json(200, { data: await listSubcategories(resolve({ categoryTree }), input.category_id) });
});
