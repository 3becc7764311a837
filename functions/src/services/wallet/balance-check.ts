import {
  BALANCE_CHECK_LIMIT,
  BALANCE_TEXT,
  type BalanceCheckResponse,
  type BalanceStatus,
} from '@gm/shared/wallet/balance-check';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import type { Deps } from '../deps.ts';

export type BalanceCheckDeps = Pick<Deps, 'userVouchers' | 'companies' | 'users' | 'rateLimiter' | 'clock'>;

/** What the check shows: a voucher still active but past its 'Gültig bis' (Vienna date) is `expired`. */
export function balanceStatus(record: Pick<UserVoucherRecord, 'status' | 'valid_until'>, today: string): BalanceStatus {
  if (record.status !== 'active') return record.status;
  return record.valid_until < today ? 'expired' : 'active';
}

/** Cents the voucher was worth when issued: value × quantity, else (product vouchers) what was left at issue. */
function totalValue(record: UserVoucherRecord): number {
  if (record.type !== 'quantity' && record.value !== null) return record.value * record.qty;
  if (typeof record.voucher.qty_val === 'number') return record.voucher.qty_val * record.qty;
  return Math.max(record.remaining_value, 0);
}

/**
 * POST balance-check {code} (public, issue 13): Get `CODE#<code>` → Get `USER_VOUCHER#<id>` → the
 * remaining value or units, 'Gültig bis', the status and the seller's company name. The holder is
 * never part of the answer. Rate-limited per caller IP (BALANCE_CHECK_LIMIT) before any read; an
 * unknown (or re-keyed) code is 404. A reversed voucher is answered (status `reversed`, nothing left)
 * rather than hidden: whoever holds its code learns why the shop refuses it, and the 404/200 split
 * reveals nothing guessable, since the code has 128 bits.
 */
export async function checkBalance(
  deps: BalanceCheckDeps,
  input: { code: string },
  ip: string,
): Promise<BalanceCheckResponse> {
  const now = deps.clock();
  const { perIp, windowSeconds } = BALANCE_CHECK_LIMIT;
  if (!(await deps.rateLimiter.hit('balance-check', ip, perIp, windowSeconds, Math.floor(now.getTime() / 1000))))
    throw new TooManyRequestsError(BALANCE_TEXT.tooMany);

  const entry = await deps.userVouchers.getCode(input.code);
  const record = entry ? await deps.userVouchers.get(entry.user_voucher_id) : undefined;
  if (!record || record.code !== input.code) throw new NotFoundError(BALANCE_TEXT.notFound);

  const [company, seller] = await Promise.all([
    deps.companies.getBySeller(record.seller_id),
    deps.users.get(record.seller_id),
  ]);
  const sellerExists = Boolean(seller && !seller.deleted_at);
  const today = viennaDay(now);
  const status = balanceStatus(record, today);
  const gone = record.status === 'reversed';
  return {
    code: record.code,
    title: record.voucher.title,
    type: record.type,
    status,
    remaining_value: gone ? 0 : Math.max(record.remaining_value, 0),
    total_value: totalValue(record),
    remaining_qty: gone ? 0 : Math.max(record.remaining_qty, 0),
    qty: record.qty,
    valid_until: record.valid_until,
    expired: record.valid_until < today,
    seller: {
      id: sellerExists ? record.seller_id : null,
      company_name:
        (sellerExists ? company?.name : undefined) ||
        record.voucher.seller.company?.name ||
        record.voucher.seller.username,
    },
  };
}
