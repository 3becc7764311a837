import { subcategoryFormSchema } from '@gm/shared/catalogue-admin/contracts';
import { categories, categoryTree, clock, newId, resolve, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { createSubcategory } from '../../services/admin/manage-categories.ts';

export const handler = http('POST voucher-sub-category', async ({ actor, body }) => {
  const input = parse(subcategoryFormSchema, body);
  return json(
    201,
    await createSubcategory(resolve({ categories, categoryTree, vouchers, newId, clock }), actor, input),
  );
});
