import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subdomainUpdateResponseSchema, type SubdomainSeller } from '@gm/shared/admin/platform';
import { adminUserListSchema } from '@gm/shared/admin/users';
import type { ApiUser } from '@gm/shared/auth/contracts';
import { api } from '../../../lib/api.ts';
import { platformAdminKeys } from './keys.ts';

/** A row of the admin user list as the /subdomain screen shows it. */
export const toSubdomainSeller = (user: ApiUser): SubdomainSeller => ({
  id: user.id,
  username: user.username,
  company_name: user.company?.name ?? null,
  subdomain: user.subdomain,
  subdomain_updated: null,
});

/**
 * GET user/user-filter?role=seller&subdomain=… (the admin user list of the users slice): sellers with a
 * subdomain (`1`), or whose subdomain starts with the search text; 10 per page.
 */
export async function getSellersWithSubdomain(query: { page: number; search: string }, signal?: AbortSignal) {
  const answer = await api.request('user/user-filter', {
    query: { role: 'seller', subdomain: query.search || 1, page: query.page },
    schema: adminUserListSchema,
    signal,
  });
  return { ...answer, data: answer.data.map(toSubdomainSeller) };
}

export function useSellersWithSubdomain(query: { page: number; search: string }) {
  return useQuery({
    queryKey: platformAdminKeys.subdomainPage(query),
    queryFn: ({ signal }) => getSellersWithSubdomain(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET user/user-filter?role=seller&subdomain_empty=1&keyword=: the modal's seller picker (first 10 matches). */
export async function getSellersWithoutSubdomain(keyword: string, signal?: AbortSignal) {
  const answer = await api.request('user/user-filter', {
    query: { role: 'seller', subdomain_empty: 1, keyword: keyword || undefined },
    schema: adminUserListSchema,
    signal,
  });
  return { ...answer, data: answer.data.map(toSubdomainSeller) };
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
