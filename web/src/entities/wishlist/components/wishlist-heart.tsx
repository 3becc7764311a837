import { useNavigate } from 'react-router';
import { WISHLIST_TEXT, WISHLIST_TOAST_MS } from '@gm/shared/wishlist/wishlist-text';
import { TEXT } from '@gm/shared/validation/messages';
import { useAuth } from '../../../lib/auth.ts';
import { paths } from '../../../config/paths.ts';
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useToggleWishlist, useWishlistIds } from '../api/wishlist.ts';
import './wishlist-heart.css';

/**
 * The heart on a voucher card (01 §2): buyers add and remove with a 2.5 s toast; guests are sent to
 * the login (01 §4). Other roles have no wishlist and see no heart (tourism employees neither).
 */
export function WishlistHeart({ voucherId, title }: { voucherId: string; title: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const userId = auth.isAuth ? auth.data.id : null;
  const on = useWishlistIds().includes(voucherId);
  const toggleWishlist = useToggleWishlist();
  const busy = toggleWishlist.isPending;

  if (auth.isAuth && (auth.role.name !== 'user' || auth.data.is_employee)) return null;

  async function toggle() {
    if (!userId) {
      void navigate(paths.login);
      return;
    }
    try {
      await toggleWishlist.mutateAsync({ voucherId, on: !on });
      showToast(on ? WISHLIST_TEXT.removed : WISHLIST_TEXT.added, { durationMs: WISHLIST_TOAST_MS });
    } catch (error) {
      console.error('Wishlist change failed', error);
      showToast(TEXT.genericError, { durationMs: 4000, tone: 'error' });
    }
  }

  const label = on ? `${title} von der Wunschliste entfernen` : `${title} zur Wunschliste hinzufügen`;
  return (
    <button
      type="button"
      className={`wishlist-heart${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={label}
      title={on ? 'Von der Wunschliste entfernen' : 'Zur Wunschliste hinzufügen'}
      disabled={busy}
      onClick={(event) => {
        // The card's title link covers the card; the heart must not open the voucher.
        event.preventDefault();
        event.stopPropagation();
        void toggle();
      }}
      data-testid="wishlist-heart"
    >
      <HeartIcon size={22} />
    </button>
  );
}
