import {
  REDEMPTION_TEXT,
  voucherCodeFrom,
  type ScanRequest,
  type ScannedVoucher,
} from '@gm/shared/redemption/contracts';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { employeeClaimFrom, type ScannedEmployeeVoucher } from '@gm/shared/tourism/employee-vouchers';
import { scanEmployeeVoucher } from '../employee-vouchers/employee-vouchers.ts';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { staffOf } from './staff.ts';
import { toScannedVoucher } from './view.ts';

/** Scans per staff member and minute: far above a till's pace, far below guessing (codes have 128 bits anyway). */
export const SCAN_LIMIT_PER_MINUTE = 60;

export type ScanDeps = Pick<Deps, 'userVouchers' | 'rateLimiter' | 'clock'> & {
  users: Pick<Deps['users'], 'get'>;
} & Partial<Pick<Deps, 'employeeVouchers' | 'redemptions' | 'newId'> & { vouchers: Pick<Deps['vouchers'], 'get'> }>;

/**
 * POST qr-code/scan (02 §7, data-model §5.5): a scanned `<APP_URL>/qr/<code>` or a typed code →
 * the voucher for the redemption form. Only the voucher's own seller and its active scanners see
 * it; another seller's code answers exactly like an unknown one (404). A voucher that cannot be
 * redeemed (fully redeemed, order reversed) is a 422 with the reason, so the scanner resets.
 */
export async function scanVoucher(
  deps: ScanDeps,
  actor: Actor,
  input: ScanRequest,
): Promise<ScannedVoucher | ScannedEmployeeVoucher> {
  const staff = await staffOf(deps, actor);
  const now = deps.clock();
  if (!(await deps.rateLimiter.hit('scan', actor.userId, SCAN_LIMIT_PER_MINUTE, 60, Math.floor(now.getTime() / 1000))))
    throw new TooManyRequestsError();
  // An employee QR (`<APP_URL>/e/<employeeClaimNo>/<userClaimNo>`, issue 13) is redeemed at once.
  const claim = employeeClaimFrom(input.url);
  if (claim && deps.vouchers && deps.employeeVouchers && deps.redemptions && deps.newId)
    return scanEmployeeVoucher(
      {
        ...deps,
        vouchers: deps.vouchers,
        employeeVouchers: deps.employeeVouchers,
        redemptions: deps.redemptions,
        newId: deps.newId,
      },
      staff,
      claim,
      REDEMPTION_TEXT.notFound,
    );
  const code = voucherCodeFrom(input.url);
  if (!code) throw new NotFoundError(REDEMPTION_TEXT.notFound);
  const entry = await deps.userVouchers.getCode(code);
  if (!entry || entry.seller_id !== staff.sellerId) throw new NotFoundError(REDEMPTION_TEXT.notFound);
  const uv = await deps.userVouchers.get(entry.user_voucher_id);
  if (!uv || uv.seller_id !== staff.sellerId) throw new NotFoundError(REDEMPTION_TEXT.notFound);
  if (uv.status === 'reversed') throw ValidationError.field('url', REDEMPTION_TEXT.reversed);
  if (uv.status === 'reversing') throw ValidationError.field('url', REDEMPTION_TEXT.reversing);
  if (uv.status === 'redeemed') throw ValidationError.field('url', REDEMPTION_TEXT.fullyRedeemed);
  return toScannedVoucher(uv, viennaDay(now));
}
