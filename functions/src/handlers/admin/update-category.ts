import { categoryFormSchema } from '@gm/shared/catalogue-admin/contracts';
import { categories, categoryTree, clock, newId, newToken, resolve, uploads, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { updateCategory } from '../../services/admin/manage-categories.ts';

export const handler = http('PUT voucher-category/{id}', async ({ actor, body, params }) => {
  const input = parse(categoryFormSchema, body);
  return json(
    200,
    await updateCategory(
      resolve({ categories, categoryTree, vouchers, uploads, newId, newToken, clock }),
      actor,
      params.id ?? '',
      input,
    ),
  );
});
