import type * as z from 'zod/mini';
import { paginate, type Paged } from '@gm/shared/api/paged';
import { viennaYear } from '@gm/shared/dates/vienna-range';
import {
  EMPLOYEE_REDEMPTIONS_CSV_HEADER,
  EMPLOYEE_VOUCHER_TEXT,
  employeeVoucherRowSchema,
  walletEmployeeVoucherSchema,
  type EmployeeRedemption,
  type EmployeeVoucherRow,
  type EmployeeWallet,
  type employeeVoucherListQuerySchema,
} from '@gm/shared/tourism/employee-vouchers';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { EmployeeRedemptionRecord } from '../../repositories/employee-voucher-repository.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import type { VoucherRecord } from '../../repositories/voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { csvField } from '../export-writers.ts';

/**
 * /tourism/employee-vouchers, the employee wallet and employee redemptions (issue 13; 03 §2, §8;
 * 01 §2; docs/data-model.md §4.2, §4.5). Who sees what: a tourism account its own employee vouchers
 * (`tourism_id` = its id), an admin all of them, an employee the active ones of its tourism account.
 */
export type TourismDeps = Pick<Deps, 'users' | 'employeeVouchers' | 'employeeVoucherCache' | 'clock'>;

/**
 * Undefined for an admin (every tourism account), else the caller's own id: a tourism account's
 * employee vouchers carry its id as `tourism_id`, so any other seller simply finds none (empty list,
 * 404 on a write) without a profile read.
 */
export async function tourismScope(_deps: Pick<Deps, 'users'>, actor: Actor): Promise<string | undefined> {
  if (actor.role === 'admin') return undefined;
  if (actor.role !== 'seller') throw new ForbiddenError();
  return actor.userId;
}

export function toEmployeeVoucherRow(voucher: VoucherRecord): EmployeeVoucherRow {
  return employeeVoucherRowSchema.parse({
    ...voucher,
    employee_value: voucher.employee_value ?? '',
    tourism_id: voucher.tourism_id ?? '',
  });
}

/**
 * The employee vouchers a tourism account sees (its own partition), or for the admin every tourism
 * account's (the tourism accounts among the sellers, bounded like the seller list), newest first.
 */
async function employeeVouchersIn(
  deps: Pick<TourismDeps, 'users' | 'employeeVouchers'>,
  scope: string | undefined,
): Promise<VoucherRecord[]> {
  if (scope !== undefined) return deps.employeeVouchers.listOfTourism(scope);
  const accounts = (await deps.users.allByRole('seller')).filter((seller) => seller.is_tourism);
  const lists = await Promise.all(accounts.map((account) => deps.employeeVouchers.listOfTourism(account.id)));
  return lists.flat().sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

/** GET employee-voucher/all?pagination=10&page&keyword: newest first, keyword on the title. */
export async function listEmployeeVouchers(
  deps: Pick<TourismDeps, 'users' | 'employeeVouchers'> & Pick<Deps, 'log'>,
  actor: Actor,
  query: z.output<typeof employeeVoucherListQuerySchema>,
  apiBaseUrl: string,
): Promise<Paged<EmployeeVoucherRow>> {
  const scope = await tourismScope(deps, actor);
  const keyword = query.keyword?.trim().toLowerCase() ?? '';
  // Read fresh (not the wallet's cache): the tourism account sees its own toggles at once.
  const rows = (await employeeVouchersIn(deps, scope))
    .filter((voucher) => !keyword || voucher.title.toLowerCase().includes(keyword))
    .flatMap((voucher) => {
      // A malformed item (no seller summary) is left out and logged, never a 500 for the whole list.
      try {
        return [toEmployeeVoucherRow(voucher)];
      } catch (error) {
        deps.log.error('employee voucher row skipped', { id: voucher.id, error });
        return [];
      }
    });
  return paginate(rows, query.page, query.pagination, (page) => {
    const params = new URLSearchParams({ page: String(page), pagination: String(query.pagination) });
    if (keyword) params.set('keyword', keyword);
    return `${apiBaseUrl}employee-voucher/all?${params.toString()}`;
  });
}

async function answerRow(deps: Pick<TourismDeps, 'employeeVouchers'> & Pick<Deps, 'vouchers'>, id: string) {
  const stored = await deps.vouchers.get(id, true);
  if (!stored) throw new NotFoundError(EMPLOYEE_VOUCHER_TEXT.notFound);
  return toEmployeeVoucherRow(stored);
}

/** PUT employee-voucher/value/{id} {id, value}: the tourism account (own vouchers) or an admin edits employee_value. */
export async function setEmployeeValue(
  deps: TourismDeps & Pick<Deps, 'vouchers'>,
  actor: Actor,
  id: string,
  value: string,
): Promise<{ message: string; data: EmployeeVoucherRow }> {
  const scope = await tourismScope(deps, actor);
  if (!(await deps.employeeVouchers.setValue(id, value.trim(), deps.clock().toISOString(), scope)))
    throw new NotFoundError(EMPLOYEE_VOUCHER_TEXT.notFound);
  deps.employeeVoucherCache.invalidate();
  return { message: EMPLOYEE_VOUCHER_TEXT.valueSaved, data: await answerRow(deps, id) };
}

/** PUT employee-voucher/status/{id} {status}: activate/deactivate (tourism account: own; admin: any). */
export async function setEmployeeVoucherStatus(
  deps: TourismDeps & Pick<Deps, 'vouchers'>,
  actor: Actor,
  id: string,
  status: boolean,
): Promise<{ message: string; data: EmployeeVoucherRow }> {
  const scope = await tourismScope(deps, actor);
  const changed = await deps.employeeVouchers.setActive(id, !status, status, deps.clock().toISOString(), scope);
  if (!changed) {
    // Already in the wanted state is fine (a repeated click); anything else is not this caller's voucher.
    const stored = await deps.vouchers.get(id, true);
    if (
      !stored ||
      !stored.is_tourism ||
      stored.deleted_at ||
      (scope !== undefined && stored.tourism_id !== scope) ||
      stored.is_active !== status
    )
      throw new NotFoundError(EMPLOYEE_VOUCHER_TEXT.notFound);
  }
  deps.employeeVoucherCache.invalidate();
  return {
    message: status ? EMPLOYEE_VOUCHER_TEXT.activated : EMPLOYEE_VOUCHER_TEXT.deactivated,
    data: await answerRow(deps, id),
  };
}

const csvDate = (iso: string) =>
  new Intl.DateTimeFormat('de-AT', {
    timeZone: 'Europe/Vienna',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/**
 * GET employee-voucher/redemptions-csv: the tourism account's employee redemptions (GSI3
 * `TOURISM#<id>#EMPLOYEE_REDEMPTIONS`), oldest first, `;`-separated UTF-8 with BOM. An admin names
 * the tourism account with `tourism_id`.
 */
export async function employeeRedemptionsCsv(
  deps: Pick<TourismDeps, 'users' | 'employeeVouchers'> & Pick<Deps, 'companies'>,
  actor: Actor,
  tourismId: string | undefined,
): Promise<Uint8Array> {
  const scope = (await tourismScope(deps, actor)) ?? tourismId;
  if (!scope) throw ValidationError.field('tourism_id', 'Dieses Feld muss ausgefüllt werden');
  const rows = await deps.employeeVouchers.listRedemptions(scope);
  const sellerIds = [...new Set(rows.map((row) => row.seller_id))];
  const companies = new Map(
    await Promise.all(sellerIds.map(async (id) => [id, (await deps.companies.getBySeller(id))?.name ?? ''] as const)),
  );
  const lines = [
    EMPLOYEE_REDEMPTIONS_CSV_HEADER.join(';'),
    ...rows.map((row) =>
      [
        row.redemption_no,
        csvDate(row.created_at),
        row.title,
        row.employee_value,
        companies.get(row.seller_id) ?? '',
        row.employee_username,
        row.channel === 'scan' ? 'Scan' : 'Selbst eingelöst',
      ]
        .map(csvField)
        .join(';'),
    ),
  ];
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/** The signed-in employee's profile (`is_employee` with a tourism account), else undefined. */
async function employeeOf(
  deps: { users: Pick<Deps['users'], 'get'> },
  actor: Actor,
): Promise<(UserRecord & { tourism_id: string }) | undefined> {
  const profile = actor.role === 'user' ? await deps.users.get(actor.userId) : undefined;
  return profile?.is_employee && profile.tourism_id ? (profile as UserRecord & { tourism_id: string }) : undefined;
}

/** GET employee-voucher/wallet?category: the active employee vouchers of the employee's tourism account (cached ≤ 60 s). */
export async function employeeWallet(
  deps: TourismDeps,
  actor: Actor,
  category: string | undefined,
): Promise<EmployeeWallet> {
  const employee = await employeeOf(deps, actor);
  // A buyer who is no employee has an empty employee wallet.
  if (!employee) return { claim_no: '', data: [] };
  const wanted = category?.trim().toLowerCase();
  const vouchers = (await deps.employeeVoucherCache.ofTourism(employee.tourism_id)).filter(
    (voucher) =>
      voucher.is_active &&
      voucher.employee_claim_no &&
      (!wanted ||
        voucher.voucher_category_id.toLowerCase() === wanted ||
        voucher.category?.slug.toLowerCase() === wanted),
  );
  const used = await deps.employeeVouchers.usedBy(
    employee.id,
    vouchers.map((voucher) => voucher.id),
  );
  return {
    claim_no: employee.claim_no ?? '',
    data: vouchers.map((voucher) =>
      walletEmployeeVoucherSchema.parse({
        ...voucher,
        employee_value: voucher.employee_value ?? '',
        redeemed: used.has(voucher.id),
      }),
    ),
  };
}

export type RedeemDeps = Pick<Deps, 'employeeVouchers' | 'redemptions' | 'clock' | 'newId'> & {
  users: Pick<Deps['users'], 'get'>;
  vouchers: Pick<Deps['vouchers'], 'get'>;
};

function toApiEmployeeRedemption(record: EmployeeRedemptionRecord): EmployeeRedemption {
  return {
    id: record.id,
    redemption_no: record.redemption_no,
    kind: 'employee',
    voucher_id: record.voucher_id,
    seller_id: record.seller_id,
    title: record.title,
    employee_value: record.employee_value,
    employee_user_id: record.employee_user_id,
    employee_username: record.employee_username,
    channel: record.channel,
    created_at: record.created_at,
  };
}

/**
 * The one redemption of an employee voucher by one employee (once per employee and voucher, issue
 * 13 decision): one transaction, see EmployeeVoucherRepository.redeem. `usedMessage` differs for
 * the employee (manual) and the staff (scan).
 */
async function redeemFor(
  deps: RedeemDeps,
  voucher: VoucherRecord,
  employee: UserRecord,
  by: { user_id: string; username: string },
  channel: 'scan' | 'manual',
): Promise<EmployeeRedemption> {
  const now = deps.clock();
  const record: EmployeeRedemptionRecord = {
    id: deps.newId().replace(/-/g, ''),
    redemption_no: await deps.redemptions.nextRedemptionNo(viennaYear(now)),
    kind: 'employee',
    voucher_id: voucher.id,
    seller_id: voucher.seller_id,
    tourism_id: voucher.tourism_id ?? '',
    title: voucher.title,
    employee_value: voucher.employee_value ?? '',
    employee_user_id: employee.id,
    employee_username: employee.username,
    employee_code: employee.employee_code ?? null,
    redeemed_value: 0,
    scanned_by: by,
    channel,
    is_revoked: false,
    created_at: now.toISOString(),
  };
  const outcome = await deps.employeeVouchers.redeem(record);
  if (outcome === 'used')
    throw ValidationError.field(
      channel === 'manual' ? 'id' : 'url',
      channel === 'manual' ? EMPLOYEE_VOUCHER_TEXT.alreadyRedeemed : EMPLOYEE_VOUCHER_TEXT.alreadyRedeemedStaff,
    );
  if (outcome === 'inactive') {
    const current = await deps.vouchers.get(voucher.id, true);
    if (current && current.is_active && !current.deleted_at && current.employee_value !== voucher.employee_value)
      throw ValidationError.field('employee_value', EMPLOYEE_VOUCHER_TEXT.valueChanged);
    throw ValidationError.field(channel === 'manual' ? 'id' : 'url', EMPLOYEE_VOUCHER_TEXT.inactive);
  }
  if (outcome === 'conflict') throw ValidationError.field('id', EMPLOYEE_VOUCHER_TEXT.alreadyRedeemed);
  return toApiEmployeeRedemption(record);
}

/** Is this a live, active employee voucher of the employee's tourism account? (404 otherwise.) */
function assertWalletVoucher(voucher: VoucherRecord | undefined, tourismId: string): asserts voucher is VoucherRecord {
  if (!voucher || !voucher.is_tourism || voucher.deleted_at || voucher.tourism_id !== tourismId)
    throw new NotFoundError(EMPLOYEE_VOUCHER_TEXT.notFound);
}

/** POST employee-voucher/manual-redeem {id, employee_value}: 'Jetzt selbst einlösen' by the employee. */
export async function manualRedeem(
  deps: RedeemDeps,
  actor: Actor,
  input: { id: string; employee_value: string },
): Promise<{ message: string; data: EmployeeRedemption }> {
  const employee = await employeeOf(deps, actor);
  if (!employee) throw new NotFoundError(EMPLOYEE_VOUCHER_TEXT.notFound);
  const voucher = await deps.vouchers.get(input.id, true);
  assertWalletVoucher(voucher, employee.tourism_id);
  if (!voucher.is_active) throw ValidationError.field('id', EMPLOYEE_VOUCHER_TEXT.inactive);
  if ((voucher.employee_value ?? '') !== input.employee_value.trim())
    throw ValidationError.field('employee_value', EMPLOYEE_VOUCHER_TEXT.valueChanged);
  const data = await redeemFor(
    deps,
    voucher,
    employee,
    { user_id: employee.id, username: employee.username },
    'manual',
  );
  return { message: EMPLOYEE_VOUCHER_TEXT.redeemed, data };
}

/**
 * An employee QR scanned by staff (`qr-code/scan`): the voucher behind the employee claim number,
 * the employee behind the user claim number (`UNIQUE#CLAIM_NO#…`, written by the registration), only
 * the voucher's own partner seller or its scanners; redeemed at once. Anything else answers like an
 * unknown code (404).
 */
export async function scanEmployeeVoucher(
  deps: RedeemDeps & Pick<Deps, 'employeeVouchers'>,
  staff: { sellerId: string; userId: string; username: string },
  claim: { voucherClaimNo: string; userClaimNo: string },
  notFound: string,
): Promise<{ kind: 'employee-voucher'; message: string; redemption: EmployeeRedemption }> {
  const [voucherId, employeeId] = await Promise.all([
    deps.employeeVouchers.voucherIdOfClaim(claim.voucherClaimNo),
    deps.employeeVouchers.userIdOfClaim(claim.userClaimNo),
  ]);
  if (!voucherId || !employeeId) throw new NotFoundError(notFound);
  const [voucher, employee] = await Promise.all([deps.vouchers.get(voucherId, true), deps.users.get(employeeId)]);
  if (!voucher || voucher.seller_id !== staff.sellerId || !employee?.is_employee || !employee.tourism_id)
    throw new NotFoundError(notFound);
  assertWalletVoucher(voucher, employee.tourism_id);
  if (!voucher.is_active) throw ValidationError.field('url', EMPLOYEE_VOUCHER_TEXT.inactive);
  const redemption = await redeemFor(
    deps,
    voucher,
    employee,
    { user_id: staff.userId, username: staff.username },
    'scan',
  );
  return { kind: 'employee-voucher', message: EMPLOYEE_VOUCHER_TEXT.redeemed, redemption };
}
