import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subdomainSellerPageSchema, subdomainUpdateResponseSchema } from '@gm/shared/admin/platform';
import { api } from '../../../lib/api.ts';
import { platformAdminKeys } from './keys.ts';

const PER_PAGE = 10;

/** GET user/user-filter?role=seller&subdomain=1: the sellers that have a subdomain (the /subdomain table). */
export function getSellersWithSubdomain(query: { page: number; keyword: string }, signal?: AbortSignal) {
  return api.request('user/user-filter', {
    query: { role: 'seller', subdomain: 1, page: query.page, paginate: PER_PAGE, keyword: query.keyword || undefined },
    schema: subdomainSellerPageSchema,
    signal,
  });
}

export function useSellersWithSubdomain(query: { page: number; keyword: string }) {
  return useQuery({
    queryKey: platformAdminKeys.subdomainPage(query),
    queryFn: ({ signal }) => getSellersWithSubdomain(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET user/user-filter?role=seller&subdomain_empty=1: the modal's seller picker (sellers without a subdomain). */
export function getSellersWithoutSubdomain(keyword: string, signal?: AbortSignal) {
  return api.request('user/user-filter', {
    query: { role: 'seller', subdomain_empty: 1, page: 1, paginate: 100, keyword: keyword || undefined },
    schema: subdomainSellerPageSchema,
    signal,
  });
}

export function useSellersWithoutSubdomain(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: platformAdminKeys.sellersWithout(keyword),
    queryFn: ({ signal }) => getSellersWithoutSubdomain(keyword, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

/** PUT user/company/update/{sellerId} {name}: assign, rename, or remove with an empty name. */
export function setSubdomain({ sellerId, name }: { sellerId: string; name: string }) {
  return api.request(`user/company/update/${encodeURIComponent(sellerId)}`, {
    method: 'PUT',
    body: { name },
    schema: subdomainUpdateResponseSchema,
  });
}

export function useSetSubdomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubdomain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformAdminKeys.subdomains() }),
  });
}
