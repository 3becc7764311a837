import { useQuery } from '@tanstack/react-query';
import { sellerProfileSchema } from '@gm/shared/catalogue/seller-contracts';
import { api } from '../../../lib/api.ts';

export const sellerKeys = {
  all: ['sellers'] as const,
  profile: (id: string) => [...sellerKeys.all, 'profile', id] as const,
};

/** GET seller/{id}: the public seller profile (company, address, region, website). */
export function getSeller(id: string, signal?: AbortSignal) {
  return api.request(`seller/${encodeURIComponent(id)}`, { schema: sellerProfileSchema, signal });
}

/** A seller's public profile; null or undefined waits (e.g. until a tenant's seller is known). */
export function useSeller(id: string | null | undefined) {
  return useQuery({
    queryKey: sellerKeys.profile(id ?? ''),
    queryFn: ({ signal }) => getSeller(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
}
