import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Category } from '@gm/shared/catalogue/contracts';
import { api } from '../../../lib/api.ts';

/** One list for the header menu, the home, the search filters and the category pages. */
export const categoryKeys = {
  all: ['categories'] as const,
};

/** GET voucher-category → categories with sub-categories and slug. */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  // The header menu's first-load read: the contract loads lazily (checked in development, trusted in production).
  const answer = await api.request('voucher-category', {
    schema: () => import('@gm/shared/catalogue/contracts').then((c) => c.categoryListSchema),
    signal,
  });
  return answer.data;
}

/** The categories change only when an admin edits them: kept for 5 minutes. */
const categoriesQuery = {
  queryKey: categoryKeys.all,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getCategories(signal),
  staleTime: 5 * 60_000,
};

export function useCategories(enabled = true) {
  return useQuery({ ...categoriesQuery, enabled });
}

/** Starts loading the categories (the header menu, the home's slider, the search filters) before a page renders. */
export function prefetchCategories(client: QueryClient) {
  return client.prefetchQuery(categoriesQuery);
}
