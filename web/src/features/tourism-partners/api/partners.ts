import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  partnerAnswerSchema,
  partnerListSchema,
  publicPartnersSchema,
  type PartnerList,
  type PartnerStatusRequest,
} from '@gm/shared/admin/tourism';
import { api } from '../../../lib/api.ts';
import { currentTenant } from '../../../lib/tenant.ts';

export type PartnersQuery = { page: number; keyword: string };

export const partnerKeys = {
  all: ['partners'] as const,
  lists: () => [...partnerKeys.all, 'list'] as const,
  list: (query: PartnersQuery) => [...partnerKeys.lists(), query] as const,
  carousel: (subdomain: string) => [...partnerKeys.all, 'carousel', subdomain] as const,
};

/** GET partners/all (03 §7): pagination 10, page, keyword. */
export function getPartners(query: PartnersQuery, signal?: AbortSignal) {
  return api.request('partners/all', {
    query: { page: query.page, pagination: 10, ...(query.keyword ? { keyword: query.keyword } : {}) },
    schema: partnerListSchema,
    signal,
  });
}

export function usePartners(query: PartnersQuery) {
  return useQuery({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) => getPartners(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** PUT partners/status/{id} {status, type}: the answer replaces the row in every cached page. */
export function setPartnerStatus(id: string, body: PartnerStatusRequest) {
  return api.request(`partners/status/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: partnerAnswerSchema });
}

export function useSetPartnerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PartnerStatusRequest }) => setPartnerStatus(id, body),
    onSuccess: ({ data }) =>
      queryClient.setQueriesData<PartnerList>({ queryKey: partnerKeys.lists() }, (page) =>
        page ? { ...page, data: page.data.map((row) => (row.id === data.id ? data : row)) } : page,
      ),
  });
}

/** GET partners/downloadCSV: every row of the caller's list. */
export function downloadPartnersCsv() {
  return api.download('partners/downloadCSV', { accept: 'text/csv' });
}

/** GET partners/partnersWithVouchers (public) for this tenant (or `subdomain`): partners with their employee vouchers. */
export function usePartnersWithVouchers(subdomain = currentTenant ?? '') {
  return useQuery({
    queryKey: partnerKeys.carousel(subdomain),
    queryFn: ({ signal }) =>
      api.request('partners/partnersWithVouchers', {
        query: subdomain ? { subdomain } : {},
        schema: publicPartnersSchema,
        signal,
      }),
  });
}
