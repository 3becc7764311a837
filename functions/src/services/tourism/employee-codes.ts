import { randomBytes } from 'node:crypto';
import type * as z from 'zod/mini';
import {
  CODE_REDEMPTIONS_SHOWN,
  EMPLOYEE_CODE_LENGTH,
  EMPLOYEE_CODES_PDF_MAX,
  TOURISM_TEXT,
  normalizeEmployeeCode,
  type EmployeeCode,
  type EmployeeCodeList,
  type employeeCodeDownloadSchema,
  type employeeCodeListQuerySchema,
  type generateEmployeeCodesSchema,
} from '@gm/shared/admin/tourism';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { CompanyRecord } from '../../repositories/company-repository.ts';
import type { CodePartition, EmployeeCodeRecord } from '../../repositories/tourism-repository.ts';
import { employeeCodeKeys } from '../../repositories/tourism-repository.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import { cursorPage } from '../cursor-paging.ts';
import type { Deps } from '../deps.ts';
import { encodeCrockford } from '../orders/voucher-code.ts';

/** 8 Crockford characters from 5 random bytes (40 bit): typeable, single use, behind a rate limit. */
export function newEmployeeCode(random: (size: number) => Uint8Array = randomBytes): string {
  return encodeCrockford(random(5)).slice(0, EMPLOYEE_CODE_LENGTH);
}

export type CodeDeps = Pick<Deps, 'users' | 'companies' | 'tourism' | 'clock'> & {
  /** Draws a new code; tests pass a small alphabet to force collisions. */
  newCode?: () => string;
};

/**
 * Who manages codes, and which: a tourism account (`is_tourism`) all codes of its partners (one partner
 * with `partnerID`); a partner with `can_generate` its own. Anyone else 403.
 */
export type CodeScope =
  | { kind: 'tourism'; tourismId: string; self: UserRecord }
  | { kind: 'partner'; tourismId: string | null; partnerId: string; self: UserRecord };

export async function codeScope(deps: Pick<Deps, 'users'>, actor: Actor): Promise<CodeScope> {
  const self = actor.role === 'seller' ? await deps.users.get(actor.userId) : undefined;
  if (self?.is_tourism) return { kind: 'tourism', tourismId: self.id, self };
  if (self?.is_partner && self.can_generate)
    return { kind: 'partner', tourismId: self.tourism_id ?? null, partnerId: self.id, self };
  // A seller outside the programme: the area does not exist for it (404, like someone else's record).
  throw new NotFoundError(TOURISM_TEXT.notTourism);
}

/** The partner a tourism account names: one of its own partners, else 422 on `partnerID`. */
async function ownPartner(deps: Pick<Deps, 'users'>, tourismId: string, partnerId: string): Promise<UserRecord> {
  const partner = await deps.users.get(partnerId);
  if (!partner || partner.role !== 'seller' || !partner.is_partner || partner.tourism_id !== tourismId)
    throw ValidationError.field('partnerID', TOURISM_TEXT.partnerUnknown);
  return partner;
}

/** The index partition a scope lists (with an optional partner of a tourism account). */
async function listPartition(
  deps: Pick<Deps, 'users'>,
  scope: CodeScope,
  partnerId: string | null | undefined,
): Promise<CodePartition> {
  if (scope.kind === 'partner') return { index: 'GSI1', pk: employeeCodeKeys.byPartner(scope.partnerId) };
  if (!partnerId) return { index: 'GSI2', pk: employeeCodeKeys.byTourism(scope.tourismId) };
  // A former partner's codes stay listable by its tourism account: check the owner, not the flag.
  const partner = await deps.users.get(partnerId);
  if (!partner || partner.tourism_id !== scope.tourismId)
    throw ValidationError.field('partnerID', TOURISM_TEXT.partnerUnknown);
  return { index: 'GSI1', pk: employeeCodeKeys.byPartner(partnerId) };
}

/** The codes table row (03 §3 "Code"): the partner's current company, the employee once used. */
export function toEmployeeCode(
  code: EmployeeCodeRecord,
  company: CompanyRecord | undefined,
  redemptions: EmployeeCode['redemptions'] = [],
): EmployeeCode {
  return {
    id: code.code,
    value: code.code,
    is_active: code.is_active,
    partner_id: code.seller_id,
    company: company ? { id: company.id, name: company.name } : { id: code.seller_id, name: code.company_name },
    user: code.user_id ? { id: code.user_id, username: code.username ?? '' } : null,
    user_details: code.user_id ? { fullname: code.user_fullname ?? null } : null,
    used_at: code.used_at ?? null,
    redemptions,
    created_at: code.created_at,
  };
}

/** The page's rows: each partner's company once, and the redemptions of the used codes (≤ one Query each). */
async function withCompanies(
  deps: Pick<Deps, 'companies' | 'tourism'>,
  codes: EmployeeCodeRecord[],
  withRedemptions = true,
): Promise<EmployeeCode[]> {
  const partners = [...new Set(codes.map((c) => c.seller_id))];
  const [companies, redemptions] = await Promise.all([
    Promise.all(partners.map(async (id) => [id, await deps.companies.getBySeller(id)] as const)).then(
      (pairs) => new Map(pairs),
    ),
    Promise.all(
      codes.map((c) =>
        withRedemptions && c.user_id ? deps.tourism.codeRedemptions(c.code, CODE_REDEMPTIONS_SHOWN) : [],
      ),
    ),
  ]);
  return codes.map((code, i) => toEmployeeCode(code, companies.get(code.seller_id), redemptions[i]));
}

/**
 * POST employee-code/generate {max, partnerID} (03 §7): `max` new codes, active and unused, for one
 * partner: a tourism account names one of its partners, a partner with `can_generate` generates for
 * itself. Each code is a conditional Put (a collision draws again), so concurrent generations never share
 * a code. The route wraps this in the Idempotency-Key record (a retried request gets the same codes).
 */
export async function generateEmployeeCodes(
  deps: CodeDeps,
  actor: Actor,
  input: z.output<typeof generateEmployeeCodesSchema>,
): Promise<{ message: string; data: EmployeeCode[] }> {
  const scope = await codeScope(deps, actor);
  let partner: UserRecord;
  let tourismId: string;
  if (scope.kind === 'tourism') {
    if (!input.partnerID) throw ValidationError.field('partnerID', TOURISM_TEXT.partnerRequired);
    partner = await ownPartner(deps, scope.tourismId, input.partnerID);
    tourismId = scope.tourismId;
  } else {
    if (input.partnerID && input.partnerID !== scope.partnerId)
      throw ValidationError.field('partnerID', TOURISM_TEXT.partnerUnknown);
    if (!scope.tourismId) throw ValidationError.field('partnerID', TOURISM_TEXT.partnerUnknown);
    partner = scope.self;
    tourismId = scope.tourismId;
  }

  const company = await deps.companies.getBySeller(partner.id);
  const draw = deps.newCode ?? newEmployeeCode;
  const drawn = new Set<string>();
  while (drawn.size < input.max) drawn.add(draw());
  const now = deps.clock().toISOString();
  const records: EmployeeCodeRecord[] = [...drawn].map((code) => ({
    code,
    seller_id: partner.id,
    tourism_id: tourismId,
    is_active: true,
    created_by: actor.userId,
    created_at: now,
    updated_at: now,
    company_name: company?.name ?? partner.username,
  }));
  const stored = await deps.tourism.putCodes(records, draw);
  return {
    message: TOURISM_TEXT.codesGenerated(stored.length),
    data: stored.map((code) => toEmployeeCode(code, company)),
  };
}

/**
 * GET employee-code/all (03 §7): newest first, `pagination` per page, keyword on the code or the partner's
 * company (snapshot), `partnerID` for tourism accounts. A Query on the scope's own index partition
 * (cursor in next_page_url), never a Scan; another tourism account's partner is a 422.
 */
export async function listEmployeeCodes(
  deps: CodeDeps,
  actor: Actor,
  query: z.output<typeof employeeCodeListQuerySchema>,
  apiBaseUrl: string,
): Promise<EmployeeCodeList> {
  const scope = await codeScope(deps, actor);
  const partition = await listPartition(deps, scope, query.partnerID);
  const keyword = query.keyword.toLowerCase();
  const page = await cursorPage({
    page: query.page,
    perPage: query.pagination,
    cursor: query.cursor,
    partition,
    read: (limit, start) => deps.tourism.pageCodes(partition, keyword, limit, start),
    total: { exact: () => deps.tourism.countCodes(partition, keyword) },
    pageUrl: (n, cursor) => {
      const params = new URLSearchParams({ page: String(n), pagination: String(query.pagination), cursor });
      if (query.keyword) params.set('keyword', query.keyword);
      if (query.partnerID) params.set('partnerID', query.partnerID);
      return `${apiBaseUrl}employee-code/all?${params.toString()}`;
    },
  });
  return { ...page, data: await withCompanies(deps, page.data) };
}

/** May the scope manage this code? A tourism account its own codes, a partner the codes bound to it. */
function ownsCode(scope: CodeScope, code: EmployeeCodeRecord): boolean {
  return scope.kind === 'tourism' ? code.tourism_id === scope.tourismId : code.seller_id === scope.partnerId;
}

/**
 * PUT employee-code/status/{id} {status} (03 §4): activates or deactivates a code. Someone else's code is
 * a 404 like an unknown one. A used code can be switched too; that only changes the list (the employee
 * stays bound: the code was single use).
 */
export async function setEmployeeCodeStatus(
  deps: CodeDeps,
  actor: Actor,
  id: string,
  active: boolean,
): Promise<{ message: string; data: EmployeeCode }> {
  const scope = await codeScope(deps, actor);
  const code = await deps.tourism.getCode(normalizeEmployeeCode(id), true);
  if (!code || !ownsCode(scope, code)) throw new NotFoundError(TOURISM_TEXT.codeNotFound);
  const now = deps.clock().toISOString();
  if (code.is_active !== active && !(await deps.tourism.setCodeActive(code.code, code.is_active, now)))
    throw new ConflictError(TOURISM_TEXT.changedMeanwhile);
  const company = await deps.companies.getBySeller(code.seller_id);
  return {
    message: active ? TOURISM_TEXT.codeActivated : TOURISM_TEXT.codeDeactivated,
    data: toEmployeeCode({ ...code, is_active: active, updated_at: now }, company),
  };
}

/**
 * The codes of `employee-code/download`: one code (`code`), or every code of the list's filter (keyword,
 * partnerID), newest first, at most EMPLOYEE_CODES_PDF_MAX. Only the scope's own codes.
 */
export async function codesForDownload(
  deps: CodeDeps,
  actor: Actor,
  input: z.output<typeof employeeCodeDownloadSchema>,
): Promise<{ codes: EmployeeCode[]; scope: CodeScope }> {
  const scope = await codeScope(deps, actor);
  if (input.code) {
    const code = await deps.tourism.getCode(normalizeEmployeeCode(input.code));
    if (!code || !ownsCode(scope, code)) throw new NotFoundError(TOURISM_TEXT.codeNotFound);
    return { codes: await withCompanies(deps, [code]), scope };
  }
  const partition = await listPartition(deps, scope, input.partnerID);
  const codes = await deps.tourism.codesUpTo(partition, (input.keyword ?? '').toLowerCase(), EMPLOYEE_CODES_PDF_MAX);
  if (!codes.length) throw new NotFoundError(TOURISM_TEXT.noCodes);
  return { codes: await withCompanies(deps, codes, false), scope };
}
