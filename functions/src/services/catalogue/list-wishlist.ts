import type { WishlistEntry } from '@gm/shared/wishlist/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

/**
 * GET user-voucher-wishlist/user/{userId}: the caller's own wishlist with a card per voucher. Cards come
 * from the catalogue projection; vouchers that were deleted or deactivated since are left out.
 */
export async function listWishlist(
  deps: Pick<Deps, 'wishlist' | 'catalogue'>,
  actor: Actor,
  userId: string,
): Promise<{ data: WishlistEntry[] }> {
  if (userId !== actor.userId) throw new ForbiddenError();
  const [entries, catalogue] = await Promise.all([deps.wishlist.list(userId), deps.catalogue.index()]);
  const data: WishlistEntry[] = [];
  for (const entry of entries) {
    const position = catalogue.positionOf.get(entry.voucher_id);
    const voucher = position === undefined ? undefined : catalogue.card(position);
    if (!voucher?.is_active || voucher.seller.is_activated === false) continue;
    data.push({
      id: entry.voucher_id,
      voucher_id: entry.voucher_id,
      user_id: entry.user_id,
      created_at: entry.created_at,
      voucher,
    });
  }
  return { data };
}

/** The voucher ids on a buyer's wishlist, for the login answer (`user_voucher_wishlist`). */
export async function wishlistVoucherIds(deps: Pick<Deps, 'wishlist'>, userId: string): Promise<string[]> {
  return (await deps.wishlist.list(userId)).map((entry) => entry.voucher_id);
}
