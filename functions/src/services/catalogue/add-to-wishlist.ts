import { toVoucherCard } from '@gm/shared/catalogue/contracts';
import type { WishlistEntry } from '@gm/shared/wishlist/contracts';
import { EMPLOYEE_VOUCHER_TEXT } from '@gm/shared/tourism/employee-voucher-texts';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { VOUCHER_NOT_FOUND } from './get-voucher.ts';

/** POST user-voucher-wishlist: a buyer adds an active marketplace voucher to their own list; twice is harmless. */
export async function addToWishlist(
  deps: Pick<Deps, 'wishlist' | 'vouchers' | 'clock'> & Partial<Pick<Deps, 'users'>>,
  actor: Actor,
  input: { user_id: string; voucher_id: string },
): Promise<WishlistEntry> {
  if (input.user_id !== actor.userId) throw new ForbiddenError();
  // Employees (tourism, issue 13) have no wish list (03 §9).
  if (deps.users && (await deps.users.get(actor.userId))?.is_employee)
    throw new ForbiddenError(EMPLOYEE_VOUCHER_TEXT.noWishlistForEmployees);
  const voucher = await deps.vouchers.get(input.voucher_id);
  const deleted = Boolean((voucher as { deleted_at?: string | null } | undefined)?.deleted_at);
  if (!voucher || deleted || !voucher.is_active || voucher.is_tourism) throw new NotFoundError(VOUCHER_NOT_FOUND);
  const entry = await deps.wishlist.add(actor.userId, voucher.id, deps.clock().toISOString());
  return {
    id: voucher.id,
    voucher_id: voucher.id,
    user_id: actor.userId,
    created_at: entry.created_at,
    voucher: toVoucherCard(voucher),
  };
}
