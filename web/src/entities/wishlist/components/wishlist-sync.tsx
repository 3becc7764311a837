import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth.ts';
import { getWishlist } from '../api/wishlist.ts';
import { setWishlist } from '../wishlist-store.ts';

/** The buyer whose wishlist this page load has fetched (module scope: once per page load and buyer). */
let syncedFor: string | null = null;

/**
 * Loads a buyer's wishlist from the server at app start and whenever a buyer signs in (the login
 * answer's list is shown at once; this keeps it right after registration and in other tabs too).
 */
export function WishlistSync() {
  const auth = useAuth();
  const buyerId = auth.isAuth && auth.role.name === 'user' && !auth.data.is_tourism ? auth.data.id : null;

  useEffect(() => {
    if (!buyerId || syncedFor === buyerId) return;
    const controller = new AbortController();
    getWishlist(buyerId, controller.signal)
      .then((answer) => {
        syncedFor = buyerId;
        setWishlist(
          buyerId,
          answer.data.map((entry) => entry.voucher_id),
        );
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load the wishlist', error);
      });
    return () => controller.abort();
  }, [buyerId]);

  useEffect(() => {
    if (!auth.isAuth) syncedFor = null;
  }, [auth.isAuth]);

  return null;
}
