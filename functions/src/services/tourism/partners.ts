import type * as z from 'zod/mini';
import { paginate } from '@gm/shared/api/paged';
import {
  TOURISM_TEXT,
  type Partner,
  type PartnerList,
  type PublicPartner,
  type partnerListQuerySchema,
  type partnerStatusSchema,
} from '@gm/shared/admin/tourism';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { CompanyRecord } from '../../repositories/company-repository.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import { auditEntry } from '../audit-entry.ts';
import type { Deps } from '../deps.ts';

export type PartnerDeps = Pick<Deps, 'users' | 'companies' | 'tourism' | 'audit' | 'clock' | 'newId'>;

/**
 * Who sees which sellers on /tourism/sellers: an admin every seller (tourism accounts excepted); a
 * tourism account its own partners (current and former: `tourism_id` = itself) and the sellers not
 * attached to any tourism account, so it can take them in. Never another tourism account's partners.
 */
type Viewer = { kind: 'admin' } | { kind: 'tourism'; tourismId: string };

async function viewerOf(deps: Pick<Deps, 'users'>, actor: Actor): Promise<Viewer> {
  if (actor.role === 'admin') return { kind: 'admin' };
  const self = actor.role === 'seller' ? await deps.users.get(actor.userId) : undefined;
  if (self?.is_tourism) return { kind: 'tourism', tourismId: self.id };
  // A seller that is no tourism account: /tourism/sellers does not exist for it (404).
  throw new NotFoundError(TOURISM_TEXT.notTourism);
}

function visibleTo(viewer: Viewer, seller: UserRecord): boolean {
  if (seller.deleted_at || seller.deletion_state || seller.is_tourism) return false;
  if (viewer.kind === 'admin') return true;
  return !seller.tourism_id || seller.tourism_id === viewer.tourismId;
}

function matches(seller: UserRecord, company: CompanyRecord | undefined, keyword: string): boolean {
  if (!keyword) return true;
  return seller.username.toLowerCase().includes(keyword) || Boolean(company?.name.toLowerCase().includes(keyword));
}

export function toPartner(seller: UserRecord, company: CompanyRecord | undefined): Partner {
  return {
    id: seller.id,
    username: seller.username,
    company: company ? { id: company.id, name: company.name, logo: company.logo } : null,
    can_generate: seller.can_generate === true,
    is_partner: seller.is_partner === true,
    tourism_id: seller.tourism_id ?? null,
  };
}

/** The viewer's sellers with their companies, partners first, then by username (bounded: ~200 sellers). */
async function visibleSellers(deps: PartnerDeps, viewer: Viewer, keyword: string): Promise<Partner[]> {
  const sellers = (await deps.users.allByRole('seller')).filter((s) => visibleTo(viewer, s));
  const withCompanies = await Promise.all(
    sellers.map(async (s) => [s, await deps.companies.getBySeller(s.id)] as const),
  );
  return withCompanies
    .filter(([s, c]) => matches(s, c, keyword))
    .sort(
      ([a], [b]) =>
        Number(b.is_partner) - Number(a.is_partner) || a.username.toLowerCase().localeCompare(b.username.toLowerCase()),
    )
    .map(([s, c]) => toPartner(s, c));
}

/** GET partners/all (03 §7): pagination, page, keyword (username or company name). */
export async function listPartners(
  deps: PartnerDeps,
  actor: Actor,
  query: z.output<typeof partnerListQuerySchema>,
  apiBaseUrl: string,
): Promise<PartnerList> {
  const viewer = await viewerOf(deps, actor);
  const rows = await visibleSellers(deps, viewer, query.keyword.toLowerCase());
  return paginate(rows, query.page, query.pagination, (n) => {
    const params = new URLSearchParams({ page: String(n), pagination: String(query.pagination) });
    if (query.keyword) params.set('keyword', query.keyword);
    return `${apiBaseUrl}partners/all?${params.toString()}`;
  });
}

/** GET partners/downloadCSV: the same rows as the list (all pages), `;`-separated with a UTF-8 BOM. */
export async function partnersCsv(deps: PartnerDeps, actor: Actor): Promise<string> {
  const viewer = await viewerOf(deps, actor);
  const rows = await visibleSellers(deps, viewer, '');
  const cell = (v: string) => (/[;"\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [
    ['Benutzername', 'Unternehmen', 'Partner', 'Codes erlaubt'].join(';'),
    ...rows.map((r) =>
      [r.username, r.company?.name ?? '', r.is_partner ? 'ja' : 'nein', r.can_generate ? 'ja' : 'nein']
        .map(cell)
        .join(';'),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * PUT partners/status/{id} {status, type} (03 §4, §7): `partner` switches `is_partner` (GSI3 `PARTNERS`),
 * `codes` switches `can_generate`. Allowed for admins and for the partner's tourism account; a tourism
 * account that makes an unattached seller its partner attaches it (`tourism_id` = itself), an admin keeps
 * the stored `tourism_id`. Another tourism account's partner: 404. The profile update is conditioned on the
 * values read (a concurrent change answers 409) and commits with its audit entry.
 */
export async function setPartnerStatus(
  deps: PartnerDeps,
  actor: Actor,
  id: string,
  input: z.output<typeof partnerStatusSchema>,
): Promise<{ message: string; data: Partner }> {
  const viewer = await viewerOf(deps, actor);
  const seller = await deps.users.get(id);
  if (!seller || !visibleTo(viewer, seller)) {
    if (seller && seller.role !== 'seller') throw ValidationError.field('id', TOURISM_TEXT.sellersOnly);
    throw new NotFoundError(TOURISM_TEXT.partnerNotFound);
  }
  if (seller.role !== 'seller') throw ValidationError.field('id', TOURISM_TEXT.sellersOnly);
  const field = input.type === 'partner' ? 'is_partner' : 'can_generate';
  const from = seller[field] === true;
  const to = input.status;
  if (field === 'can_generate' && to && !seller.is_partner)
    throw ValidationError.field('type', TOURISM_TEXT.codesNeedPartner);
  const tourismFrom = seller.tourism_id ?? null;
  const tourismTo = viewer.kind === 'tourism' ? viewer.tourismId : tourismFrom;
  const company = await deps.companies.getBySeller(seller.id);
  const texts =
    field === 'is_partner'
      ? { on: TOURISM_TEXT.partnerOn, off: TOURISM_TEXT.partnerOff }
      : { on: TOURISM_TEXT.codesOn, off: TOURISM_TEXT.codesOff };
  if (from === to && tourismFrom === tourismTo)
    return { message: to ? texts.on : texts.off, data: toPartner(seller, company) };

  const now = deps.clock().toISOString();
  const entry = auditEntry(
    deps,
    field === 'is_partner' ? 'toggle_partner' : 'toggle_can_generate',
    { actor: actor.userId, target: seller.id, at: now },
    { field, from, to, tourism_from: tourismFrom, tourism_to: tourismTo },
  );
  const done = await deps.tourism.setPartnerFlag({
    user: seller,
    field,
    from,
    to,
    tourismFrom,
    tourismTo,
    now,
    extra: [deps.audit.part(entry)],
  });
  if (!done) throw new ConflictError(TOURISM_TEXT.changedMeanwhile);
  return {
    message: to ? texts.on : texts.off,
    data: toPartner({ ...seller, [field]: to, tourism_id: tourismTo, updated_at: now }, company),
  };
}

/**
 * The tourism account of a tenant (subdomain): its owner, when that is an activated tourism account.
 * Undefined otherwise (the main site, a normal shop, an unknown name).
 */
export async function tourismAccountOfTenant(
  deps: Pick<Deps, 'users'>,
  subdomain: string | undefined,
): Promise<UserRecord | undefined> {
  if (!subdomain) return undefined;
  const ownerId = await deps.users.ownerOf('subdomain', subdomain);
  const owner = ownerId ? await deps.users.get(ownerId) : undefined;
  if (!owner || owner.role !== 'seller' || !owner.is_tourism || owner.deleted_at || owner.is_activated === false)
    return undefined;
  return owner;
}

/**
 * GET partners/active and partners/partnersWithVouchers (public; 01 §7, 03 §2 /wp/tourism/partners): the
 * activated partners of the tourism tenant named by `subdomain` or the request's host, with (`withVouchers`)
 * their active employee vouchers (GSI2 `TOURISM#<id>#EMPLOYEE_VOUCHERS`, this tourism account's partition). Off a tourism
 * tenant the answer is empty: employee vouchers and a tourism account's partners are shown only on its own
 * tenant (docs/data-model.md §5.8).
 */
export async function publicPartners(
  deps: Pick<Deps, 'users' | 'companies' | 'tourism'>,
  subdomain: string | undefined,
  withVouchers: boolean,
): Promise<{ data: PublicPartner[] }> {
  const tourism = await tourismAccountOfTenant(deps, subdomain);
  if (!tourism) return { data: [] };
  const [partners, vouchers] = await Promise.all([
    deps.tourism.allPartners(),
    withVouchers ? deps.tourism.activeEmployeeVouchers(tourism.id) : Promise.resolve([]),
  ]);
  const own = partners
    .filter((p) => p.is_partner && p.tourism_id === tourism.id && p.is_activated !== false && !p.deleted_at)
    .sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()));
  const rows = await Promise.all(
    own.map(async (p): Promise<PublicPartner> => {
      const company = await deps.companies.getBySeller(p.id);
      return {
        id: p.id,
        username: p.username,
        company: company ? { id: company.id, name: company.name, logo: company.logo } : null,
        employee_vouchers: vouchers
          .filter((v) => v.seller_id === p.id)
          .map((v) => ({
            id: v.id,
            title: v.title,
            employee_value: v.employee_value,
            background_image: v.background_image,
          })),
      };
    }),
  );
  return { data: withVouchers ? rows.filter((r) => r.employee_vouchers.length > 0) : rows };
}
