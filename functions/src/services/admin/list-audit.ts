import type { Paged } from '@gm/shared/api/paged';
import type { AuditEntryView, AuditListQuery } from '@gm/shared/admin/impersonation';
import type { Actor } from '../../lib/auth.ts';
import { auditKeys } from '../../repositories/audit-repository.ts';
import { cursorPage } from '../cursor-paging.ts';
import type { Deps } from '../deps.ts';

/**
 * GET audit (issue 11): what one admin did (`actor_id`, default the caller; GSI1) or what was done
 * to one user (`target_id`; GSI2), newest first. A growing partition (data-model "Paging"): `Limit`
 * plus `cursor` in next_page_url; a page number without a cursor walks from the start; `total` is
 * the aggregator's row count of that list (`USER#<id>#STATS/AUDIT_COUNTS`, one GetItem; issue 15).
 */
export async function listAudit(
  deps: Pick<Deps, 'audit' | 'users'>,
  actor: Actor,
  query: AuditListQuery,
  apiBaseUrl: string,
): Promise<Paged<AuditEntryView>> {
  const byTarget = Boolean(query.target_id);
  const id = (byTarget ? query.target_id : query.actor_id || actor.userId) as string;
  const page = await cursorPage({
    page: query.page,
    perPage: query.paginate,
    cursor: query.cursor,
    partition: byTarget ? { index: 'GSI2', pk: auditKeys.byTarget(id) } : { index: 'GSI1', pk: auditKeys.byActor(id) },
    read: (limit, start) =>
      byTarget ? deps.audit.listByTarget(id, limit, start) : deps.audit.listByActor(id, limit, start),
    total: { exact: () => (byTarget ? deps.audit.countByTarget(id) : deps.audit.countByActor(id)) },
    pageUrl: (next, cursor) =>
      `${apiBaseUrl}audit?${new URLSearchParams({
        page: String(next),
        paginate: String(query.paginate),
        cursor,
        [byTarget ? 'target_id' : 'actor_id']: id,
      }).toString()}`,
  });
  // At most one page of distinct users: one GetItem each.
  const ids = [...new Set(page.data.map((entry) => entry.target_id))];
  const names = new Map(
    await Promise.all(ids.map(async (userId) => [userId, (await deps.users.get(userId))?.username ?? null] as const)),
  );
  return { ...page, data: page.data.map((entry) => ({ ...entry, target_name: names.get(entry.target_id) ?? null })) };
}
