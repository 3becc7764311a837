import { categoryFormSchema } from '@gm/shared/catalogue-admin/contracts';
import { categories, categoryTree, clock, newId, newToken, resolve, uploads, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { createCategory } from '../../services/admin/manage-categories.ts';

export const handler = http('POST voucher-category', async ({ actor, body }) => {
  const input = parse(categoryFormSchema, body);
  return json(
    201,
    await createCategory(
      resolve({ categories, categoryTree, vouchers, uploads, newId, newToken, clock }),
      actor,
      input,
    ),
  );
});
