import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditListQuerySchema, auditPageSchema } from '@gm/shared/admin/impersonation';
import { api } from '../../../lib/api.ts';

export type AuditQuery = { page: number; actor_id?: string; target_id?: string };

export const auditKeys = {
  all: ['audit'] as const,
  page: (query: AuditQuery) => [...auditKeys.all, query] as const,
};

/** GET audit: the caller's own entries (or one admin's, or what was done to one user), newest first, 10 per page. */
export function getAuditPage(query: AuditQuery, signal?: AbortSignal) {
  return api.request('audit', { query: auditListQuerySchema.parse(query), schema: auditPageSchema, signal });
}

/** One page of the Protokoll; the previous page stays on screen while the next one loads. */
export function useAuditPage(query: AuditQuery) {
  return useQuery({
    queryKey: auditKeys.page(query),
    queryFn: ({ signal }) => getAuditPage(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
