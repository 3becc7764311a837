import { sellerProfileSchema } from '@gm/shared/catalogue/seller-contracts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET seller/{id}: the public seller profile (company, address, region, website). */
export function getSeller(id: string) {
  return api.request(`seller/${encodeURIComponent(id)}`, { schema: sellerProfileSchema });
}

export function useSeller(id: string | null | undefined) {
  return useApiQuery(id ? `seller/${id}` : null, () => getSeller(id ?? ''), { staleMs: 5 * 60_000 });
}
