import { companyListSchema, type companyPublicSchema } from '@gm/shared/catalogue/contracts';
import type * as z from 'zod';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

export type PartnerCompany = z.infer<typeof companyPublicSchema>;

/** GET company/all → public company data (name, logo, region, url) for the partner strip. */
export async function getCompanies(): Promise<PartnerCompany[]> {
  const answer = await api.request('company/all', { schema: companyListSchema });
  return answer.data;
}

export function useCompanies() {
  return useApiQuery('company/all', getCompanies, { staleMs: 5 * 60_000 });
}
