import {
  EMPLOYEE_CODE_ATTEMPTS,
  TOURISM_TEXT,
  isEmployeeCodeShape,
  normalizeEmployeeCode,
} from '@gm/shared/admin/tourism';
import { TooManyRequestsError, ValidationError } from '../../lib/errors.ts';
import type { TransactionPart } from '../../repositories/transaction-part.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import type { Deps } from '../deps.ts';
import { newClaimNo } from '../employee-vouchers/claim-number.ts';
import { tourismAccountOfTenant } from './partners.ts';

export type EmployeeBindingDeps = Pick<Deps, 'users' | 'tourism' | 'rateLimiter' | 'clock' | 'newId'>;

export type EmployeeBinding = {
  fields: Pick<
    UserRecord,
    'is_employee' | 'employee_uuid' | 'employee_code' | 'tourism_id' | 'partner_id' | 'claim_no'
  >;
  /** [use the code, put UNIQUE#CLAIM_NO]: committed with the buyer's items. */
  parts: TransactionPart[];
  undoParts: TransactionPart[];
  invalidMessage: string;
};

/**
 * The employee part of a buyer registration (03 §5 "Tourism tenants: registration shows a Code field"):
 * - not on a tourism tenant: no binding (a code sent anyway is refused, 422 on `code`);
 * - on a tourism tenant the code is required; every attempt with a code counts against
 *   EMPLOYEE_CODE_ATTEMPTS per IP (429 after 10 an hour) before the code is looked up;
 * - the code must exist, belong to this tenant's tourism account, be active and unused (422 on `code`,
 *   one message for all four, so a guess learns nothing). The transaction re-checks all of it.
 */
export async function employeeBinding(
  deps: EmployeeBindingDeps,
  user: UserRecord,
  rawCode: string | null,
  context: { subdomain: string | undefined; ip: string; retry: boolean },
): Promise<EmployeeBinding | undefined> {
  const tourism = await tourismAccountOfTenant(deps, context.subdomain);
  if (!tourism) {
    if (rawCode) throw ValidationError.field('code', TOURISM_TEXT.codeInvalid);
    return undefined;
  }
  if (!rawCode) throw ValidationError.field('code', TOURISM_TEXT.codeRequired);
  if (!context.retry) {
    const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
    const allowed = await deps.rateLimiter.hit(
      'employee-code',
      context.ip,
      EMPLOYEE_CODE_ATTEMPTS.hits,
      EMPLOYEE_CODE_ATTEMPTS.windowSeconds,
      nowSeconds,
    );
    if (!allowed) throw new TooManyRequestsError(TOURISM_TEXT.codeAttempts);
  }
  const code = normalizeEmployeeCode(rawCode);
  const record = isEmployeeCodeShape(code) ? await deps.tourism.getCode(code, true) : undefined;
  if (!record || record.tourism_id !== tourism.id || !record.is_active || record.user_id)
    throw ValidationError.field('code', TOURISM_TEXT.codeInvalid);

  const now = user.created_at;
  const claimNo = newClaimNo();
  return {
    fields: {
      is_employee: true,
      employee_uuid: deps.newId(),
      employee_code: code,
      tourism_id: tourism.id,
      partner_id: record.seller_id,
      claim_no: claimNo,
    },
    parts: [deps.tourism.bindCodePart(code, tourism.id, user, now), deps.tourism.claimNoPart(claimNo, user.id)],
    undoParts: [deps.tourism.unbindCodePart(code, user.id), deps.tourism.releaseClaimNoPart(claimNo, user.id)],
    invalidMessage: TOURISM_TEXT.codeInvalid,
  };
}
