import {
  wishlistAddRequestSchema,
  wishlistEntrySchema,
  wishlistListSchema,
  wishlistRemovedSchema,
} from '@gm/shared/wishlist/contracts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET user-voucher-wishlist/user/{userId}: the buyer's wishlist with a card per voucher (01 §7). */
export function getWishlist(userId: string, signal?: AbortSignal) {
  return api.request(`user-voucher-wishlist/user/${encodeURIComponent(userId)}`, {
    schema: wishlistListSchema,
    signal,
  });
}

export function useWishlist(userId: string | null) {
  // Always fresh: the list changes from every heart on every page.
  return useApiQuery(userId ? `user-voucher-wishlist/${userId}` : null, () => getWishlist(userId ?? ''), {
    staleMs: 0,
  });
}

/** POST user-voucher-wishlist {user_id, voucher_id}. */
export function addToWishlist(userId: string, voucherId: string) {
  const body = wishlistAddRequestSchema.parse({ user_id: userId, voucher_id: voucherId });
  return api.request('user-voucher-wishlist', { method: 'POST', body, schema: wishlistEntrySchema });
}

/** DELETE user-voucher-wishlist/{voucherId}. */
export function removeFromWishlist(voucherId: string) {
  return api.request(`user-voucher-wishlist/${encodeURIComponent(voucherId)}`, {
    method: 'DELETE',
    schema: wishlistRemovedSchema,
  });
}
