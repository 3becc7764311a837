import { WISHLIST_TEXT } from '@gm/shared/wishlist/contracts';
import type { Actor } from '../../lib/auth.ts';
import type { Deps } from '../deps.ts';

/**
 * DELETE user-voucher-wishlist/{id} (id = voucher id). The entry's key is the caller's own
 * partition, so nobody reaches another user's entry; removing an absent entry is harmless.
 */
export async function removeFromWishlist(
  deps: Pick<Deps, 'wishlist'>,
  actor: Actor,
  voucherId: string,
): Promise<{ message: string; id: string }> {
  await deps.wishlist.remove(actor.userId, voucherId);
  return { message: WISHLIST_TEXT.removed, id: voucherId };
}
