import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth.ts';
import { setCartCount } from '../../../lib/badge-counts.ts';
import { paths } from '../../../config/paths.ts';
import { getCartCount } from '../api/cart.ts';
import { cartId } from '../cart-session.ts';

/**
 * Loads the header's cart count from the server at app start and whenever a buyer signs in (01 §4
 * "Buyers get … cart total loaded at login"). Guests only ask once they have a cart id.
 */
export function CartCountSync() {
  const auth = useAuth();
  const buyerId = auth.isAuth && auth.role.name === 'user' && !auth.data.is_tourism ? auth.data.id : null;
  const guest = !auth.isAuth;

  useEffect(() => {
    // The login page resets the count on opening (01 §2 "Login"); a guest's count is not reloaded there.
    const onLogin = typeof window !== 'undefined' && window.location.pathname === paths.login;
    if (!buyerId && !(guest && cartId.store.getSnapshot() && !onLogin)) return;
    const controller = new AbortController();
    getCartCount(controller.signal)
      .then((answer) => setCartCount(answer.total))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load the cart count', error);
      });
    return () => controller.abort();
  }, [buyerId, guest]);

  return null;
}
