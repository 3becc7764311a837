import * as z from 'zod';
import { companySummarySchema } from '@gm/shared/auth/contracts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET company/all answers more fields per company; the partner strip needs these. */
const partnerCompanySchema = companySummarySchema.pick({ id: true, name: true, logo: true });
const companyListSchema = z.object({ data: z.array(partnerCompanySchema) });
export type PartnerCompany = z.infer<typeof partnerCompanySchema>;

export async function getCompanies(): Promise<PartnerCompany[]> {
  const answer = await api.request('company/all', { schema: companyListSchema });
  return answer.data;
}

export function useCompanies() {
  return useApiQuery('company/all', getCompanies, { staleMs: 5 * 60_000 });
}
