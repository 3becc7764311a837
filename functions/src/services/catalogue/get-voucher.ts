import type { Voucher } from '@gm/shared/catalogue/contracts';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

export const VOUCHER_NOT_FOUND = 'Gutschein nicht gefunden.';

/** Active vouchers are public; an inactive one is visible only to its seller and to admins. */
export async function getVoucher(deps: Pick<Deps, 'vouchers'>, actor: Actor | undefined, id: string): Promise<Voucher> {
  const voucher = await deps.vouchers.get(id);
  if (!voucher) throw new NotFoundError(VOUCHER_NOT_FOUND);
  const privileged = actor?.role === 'admin' || (actor?.role === 'seller' && actor.userId === voucher.seller_id);
  if (!voucher.is_active && !privileged) throw new NotFoundError(VOUCHER_NOT_FOUND);
  return voucher;
}
