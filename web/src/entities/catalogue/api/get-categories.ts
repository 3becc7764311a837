import { categoryListSchema, type Category } from '@gm/shared/catalogue/contracts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET voucher-category → categories with sub-categories and slug. */
export async function getCategories(): Promise<Category[]> {
  const answer = await api.request('voucher-category', { schema: categoryListSchema });
  return answer.data;
}

export function useCategories(enabled = true) {
  return useApiQuery(enabled ? 'voucher-category' : null, getCategories, { staleMs: 5 * 60_000 });
}
