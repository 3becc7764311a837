import type { Paged } from '@gm/shared/api/paged';
import type { AuditEntryView, AuditListQuery } from '@gm/shared/admin/impersonation';
import type { Actor } from '../../lib/auth.ts';
import { ValidationError } from '../../lib/errors.ts';
import { auditKeys, type AuditPage } from '../../repositories/audit-repository.ts';
import type { Deps } from '../deps.ts';

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** A cursor is only ever a LastEvaluatedKey of the same partition; anything else is a 422. */
function decodeCursor(cursor: string, indexName: 'GSI1' | 'GSI2', pk: string): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const valid =
      key &&
      typeof key === 'object' &&
      Object.keys(key).every((name) => ['PK', 'SK', `${indexName}PK`, `${indexName}SK`].includes(name)) &&
      Object.values(key).every((value) => typeof value === 'string') &&
      key[`${indexName}PK`] === pk;
    if (valid) return key;
  } catch {
    // falls through
  }
  throw ValidationError.field('cursor', 'Der Cursor ist ungültig.');
}

/**
 * GET audit (issue 11): what one admin did (`actor_id`, default the caller; GSI1) or what was done
 * to one user (`target_id`; GSI2), newest first. A growing partition (data-model "Paging"): `Limit`
 * plus `cursor` in next_page_url; a page number without a cursor walks from the start; `total` is
 * a COUNT query on the same key.
 */
export async function listAudit(
  deps: Pick<Deps, 'audit' | 'users'>,
  actor: Actor,
  query: AuditListQuery,
  apiBaseUrl: string,
): Promise<Paged<AuditEntryView>> {
  const byTarget = Boolean(query.target_id);
  const id = (byTarget ? query.target_id : query.actor_id || actor.userId) as string;
  const indexName = byTarget ? 'GSI2' : 'GSI1';
  const pk = byTarget ? auditKeys.byTarget(id) : auditKeys.byActor(id);
  const perPage = query.paginate;
  const read = (limit: number, start?: Record<string, unknown>): Promise<AuditPage> =>
    byTarget ? deps.audit.listByTarget(id, limit, start) : deps.audit.listByActor(id, limit, start);
  const count = () => (byTarget ? deps.audit.countByTarget(id) : deps.audit.countByActor(id));

  let start = query.cursor ? decodeCursor(query.cursor, indexName, pk) : undefined;
  if (!start && query.page > 1) {
    const skipped = await read((query.page - 1) * perPage);
    start = skipped.lastKey;
    if (!start) return page([], undefined, await count());
  }
  const [current, total] = await Promise.all([read(perPage, start), count()]);
  // At most one page of distinct users: one GetItem each.
  const ids = [...new Set(current.items.map((entry) => entry.target_id))];
  const names = new Map(
    await Promise.all(ids.map(async (userId) => [userId, (await deps.users.get(userId))?.username ?? null] as const)),
  );
  const data = current.items.map((entry) => ({ ...entry, target_name: names.get(entry.target_id) ?? null }));
  return page(data, current.lastKey, total);

  function page(data: AuditEntryView[], lastKey: Record<string, unknown> | undefined, total: number) {
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const from = data.length ? (query.page - 1) * perPage + 1 : null;
    let next: string | null = null;
    if (lastKey && query.page < lastPage) {
      const params = new URLSearchParams({
        page: String(query.page + 1),
        paginate: String(perPage),
        cursor: encodeCursor(lastKey),
        [byTarget ? 'target_id' : 'actor_id']: id,
      });
      next = `${apiBaseUrl}audit?${params.toString()}`;
    }
    return {
      data,
      current_page: query.page,
      last_page: lastPage,
      next_page_url: next,
      total,
      per_page: perPage,
      from,
      to: from === null ? null : from + data.length - 1,
    };
  }
}
