import { useQuery } from '@tanstack/react-query';
import type { companyPublicSchema } from '@gm/shared/catalogue/contracts';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api.ts';

export type PartnerCompany = z.infer<typeof companyPublicSchema>;

export const companyKeys = {
  all: ['companies'] as const,
};

/** GET company/all → public company data (name, logo, region, url) for the partner strip. */
export async function getCompanies(signal?: AbortSignal): Promise<PartnerCompany[]> {
  // The home's partner strip: the contract loads lazily (checked in development, trusted in production).
  const answer = await api.request('company/all', {
    schema: () => import('@gm/shared/catalogue/contracts').then((c) => c.companyListSchema),
    signal,
  });
  return answer.data;
}

export function useCompanies() {
  return useQuery({
    queryKey: companyKeys.all,
    queryFn: ({ signal }) => getCompanies(signal),
    staleTime: 5 * 60_000,
  });
}
