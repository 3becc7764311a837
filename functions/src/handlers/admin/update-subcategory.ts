import { subcategoryFormSchema } from '@gm/shared/catalogue-admin/contracts';
import { categories, categoryTree, clock, newId, resolve, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { updateSubcategory } from '../../services/admin/manage-categories.ts';

export const handler = http('PUT voucher-sub-category/{id}', async ({ actor, body, params }) => {
  const input = parse(subcategoryFormSchema, body);
  return json(
    200,
    await updateSubcategory(
      resolve({ categories, categoryTree, vouchers, newId, clock }),
      actor,
      params.id ?? '',
      input,
    ),
  );
});
