import { voucherSchema, type Voucher, type VoucherWithStats } from '@gm/shared/catalogue/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

export const VOUCHER_NOT_FOUND = 'Gutschein nicht gefunden.';

/**
 * GET voucher/{id}. Active vouchers are public; an inactive one is visible only to its seller and to
 * admins; a deleted one to nobody. `withStats` (the statistics page) adds the sales and redemption
 * numbers, for the owning seller and admins only.
 */
export async function getVoucher(
  deps: Pick<Deps, 'vouchers'>,
  actor: Actor | undefined,
  id: string,
  options: { withStats?: boolean | undefined } = {},
): Promise<Voucher | VoucherWithStats> {
  const { voucher, stats } = options.withStats
    ? await deps.vouchers.getWithStats(id)
    : { voucher: await deps.vouchers.get(id), stats: undefined };
  if (!voucher || voucher.deleted_at) throw new NotFoundError(VOUCHER_NOT_FOUND);
  const privileged = actor?.role === 'admin' || (actor?.role === 'seller' && actor.userId === voucher.seller_id);
  if (!voucher.is_active && !privileged) throw new NotFoundError(VOUCHER_NOT_FOUND);
  // Employee vouchers (issue 13) are not public: employees read them through their wallet.
  if (voucher.is_tourism && !privileged) throw new NotFoundError(VOUCHER_NOT_FOUND);
  // A seller not activated yet (issue 11): its vouchers are drafts, seen only by itself and admins.
  if (voucher.seller.is_activated === false && !privileged) throw new NotFoundError(VOUCHER_NOT_FOUND);
  if (options.withStats && !privileged) throw new ForbiddenError();
  const answer = voucherSchema.parse(voucher);
  return stats ? { ...answer, stats } : answer;
}
