import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditListQuerySchema, auditPageSchema } from '@gm/shared/admin/impersonation';
import { api } from '../../../lib/api.ts';
import { useCursorPages } from '../../../lib/use-cursor-pages.ts';

export type AuditQuery = { page: number; cursor?: string | undefined; actor_id?: string; target_id?: string };

export const auditKeys = {
  all: ['audit'] as const,
  page: (query: AuditQuery) => [...auditKeys.all, query] as const,
};

/** GET audit: the caller's own entries (or one admin's, or what was done to one user), newest first, 10 per page. */
export function getAuditPage(query: AuditQuery, signal?: AbortSignal) {
  return api.request('audit', { query: auditListQuerySchema.parse(query), schema: auditPageSchema, signal });
}

/**
 * The Protokoll's pages (a growing list): page n+1 asks with the cursor of page n's next_page_url.
 * The previous page stays on screen while the next one loads.
 */
export function useAuditPages() {
  const { page, cursor, goTo } = useCursorPages();
  const query = useQuery({
    queryKey: auditKeys.page({ page, cursor }),
    queryFn: ({ signal }) => getAuditPage({ page, cursor }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return { ...query, goTo: (next: number) => goTo(next, query.data?.next_page_url) };
}
