import type * as z from 'zod/mini';
import {
  ADMIN_USERS_PER_PAGE,
  ADMIN_USERS_TEXT,
  USER_FLAGS,
  type adminUserFilterQuerySchema,
  type UserFlagAnswer,
  type UserFlagField,
  type UserFlagPath,
} from '@gm/shared/admin/users';
import type { ApiUser } from '@gm/shared/auth/contracts';
import type { Paged } from '@gm/shared/api/paged';
import { paginate } from '@gm/shared/api/paged';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { AuditAction } from '../../repositories/audit-repository.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import { cursorPage } from '../cursor-paging.ts';
import { auditEntry } from '../audit-entry.ts';
import type { Deps } from '../deps.ts';
import { toApiUser } from './user-view.ts';

export type AdminUserQuery = z.output<typeof adminUserFilterQuerySchema>;
export type AdminUsersDeps = Pick<Deps, 'users' | 'companies'>;

/**
 * GET user/user-filter as an admin (03 §2 /users, §7): one role's users in username order, 10 per page.
 * - Buyers (role `user`, an unbounded partition): Q GSI1 `ROLE#user` with `begins_with` on the
 *   lower-cased username; `Limit` + `cursor` in next_page_url (a page number without a cursor walks
 *   from the start), `total` from a COUNT query on the same key. The keyword matches the username only.
 * - Sellers, scanners, admins (bounded partitions, ~200 sellers): the whole role partition, then the
 *   keyword matches the username prefix or any word of the first/last name (case-insensitive), and the
 *   subdomain filters (`subdomain_empty`: sellers without a subdomain; `subdomain`: with one) apply.
 * Sellers carry their company (one Get per row of the page).
 */
export async function listUsersForAdmin(
  deps: AdminUsersDeps,
  query: AdminUserQuery,
  apiBaseUrl: string,
): Promise<Paged<ApiUser>> {
  const perPage = ADMIN_USERS_PER_PAGE;
  const keyword = query.keyword.trim().toLowerCase();
  const pageUrl = (page: number, cursor?: string) => {
    const params = new URLSearchParams({ role: query.role, page: String(page) });
    if (query.keyword) params.set('keyword', query.keyword);
    if (query.subdomain_empty) params.set('subdomain_empty', '1');
    if (query.subdomain) params.set('subdomain', query.subdomain === true ? '1' : query.subdomain);
    if (cursor) params.set('cursor', cursor);
    return `${apiBaseUrl}user/user-filter?${params.toString()}`;
  };

  if (query.role === 'user') {
    const page = await cursorPage({
      page: query.page,
      perPage,
      cursor: query.cursor,
      partition: { index: 'GSI1', pk: 'ROLE#user' },
      read: (limit, start) => deps.users.pageByRole('user', keyword, limit, start),
      total: { exact: () => deps.users.countByRole('user', keyword) },
      pageUrl,
    });
    return { ...page, data: await withCompanies(deps, page.data) };
  }

  const all = await deps.users.allByRole(query.role);
  const matching = all
    // A deletion in progress leaves the lists (its tombstone has no index keys).
    .filter((user) => !user.deletion_state)
    .filter((user) => matchesKeyword(user, keyword))
    .filter((user) => !query.subdomain_empty || !user.subdomain)
    .filter(
      (user) =>
        !query.subdomain ||
        (query.subdomain === true ? Boolean(user.subdomain) : Boolean(user.subdomain?.startsWith(query.subdomain))),
    )
    .sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()));
  const page = paginate(matching, query.page, perPage, (n) => pageUrl(n));
  return { ...page, data: await withCompanies(deps, page.data) };
}

/** Username prefix, or a word of the names starting with the keyword (`anna mu` finds Anna Muster too). */
function matchesKeyword(user: UserRecord, keyword: string): boolean {
  if (!keyword) return true;
  if (user.username.toLowerCase().startsWith(keyword)) return true;
  const fullname = [user.first_name, user.last_name].filter(Boolean).join(' ').toLowerCase();
  return fullname.startsWith(keyword) || fullname.split(/\s+/).some((word) => word.startsWith(keyword));
}

async function withCompanies(deps: AdminUsersDeps, users: readonly UserRecord[]): Promise<ApiUser[]> {
  return Promise.all(
    users.map(async (user) =>
      toApiUser(user, user.role === 'seller' ? await deps.companies.getBySeller(user.id) : undefined),
    ),
  );
}

const FLAG_AUDIT: Record<UserFlagField, AuditAction> = {
  gift_locked: 'toggle_gift',
  is_custom_auth: 'toggle_auth',
  is_custom_confirmation: 'toggle_custom_confirmation',
  monthly_reporting: 'toggle_monthly_reporting',
  is_tourism: 'toggle_tourism',
};

export type UserFlagDeps = Pick<Deps, 'users' | 'companies' | 'audit' | 'clock' | 'newId'>;

/**
 * PUT user/user-gift-status|user-auth-status|user-custom-order-confirmation|user-monthly-reporting-status/{id}
 * (03 §2, §4, §7): flips the switch. The profile update is conditioned on the value read and commits
 * with its audit entry; a concurrent flip that won answers 409 (nothing written). Never on one's own
 * account (422). The gift lock exists for sellers and scanners (a scanner is also locked by its
 * seller's lock: services/gifts/staff.ts); the other three only for sellers.
 */
export async function toggleUserFlag(
  deps: UserFlagDeps,
  actor: Actor,
  flag: UserFlagPath,
  id: string,
): Promise<UserFlagAnswer> {
  if (actor.role !== 'admin') throw new ForbiddenError();
  if (actor.userId === id)
    throw new ValidationError({ id: [ADMIN_USERS_TEXT.selfRefused] }, ADMIN_USERS_TEXT.selfRefused);
  const field = USER_FLAGS[flag];
  const user = await deps.users.get(id);
  if (!user) throw new NotFoundError(ADMIN_USERS_TEXT.notFound);
  if (field === 'gift_locked' ? user.role !== 'seller' && user.role !== 'scanner' : user.role !== 'seller') {
    const message = field === 'gift_locked' ? ADMIN_USERS_TEXT.giftSellersOnly : ADMIN_USERS_TEXT.sellersOnly;
    throw new ValidationError({ id: [message] }, message);
  }

  const from = user[field] === true;
  const now = deps.clock().toISOString();
  const entry = auditEntry(
    deps,
    FLAG_AUDIT[field],
    { actor: actor.userId, target: user.id, at: now },
    { field, from, to: !from },
  );
  if (!(await deps.users.setFlag(user.id, field, from, now, [deps.audit.part(entry)])))
    throw new ConflictError(ADMIN_USERS_TEXT.changedMeanwhile);

  const updated: UserRecord = { ...user, [field]: !from, updated_at: now };
  const company = user.role === 'seller' ? await deps.companies.getBySeller(user.id) : undefined;
  const texts = ADMIN_USERS_TEXT.flagMessages[field];
  return { message: from ? texts.off : texts.on, user: toApiUser(updated, company) };
}
