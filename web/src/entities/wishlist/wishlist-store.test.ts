import { describe, expect, it } from 'vitest';
import { makeUser } from '../../testing/fixtures.ts';
import { authStore } from '../../lib/auth.ts';
import { badgeCounts } from '../../lib/badge-counts.ts';
import { clearWishlist, markWishlisted, setWishlist, wishlistStore } from './wishlist-store.ts';

describe('wishlist store', () => {
  it('keeps unique ids per user and the header count in step', () => {
    setWishlist('u-1', ['a', 'b', 'a']);
    expect(wishlistStore.getSnapshot()).toEqual({ userId: 'u-1', ids: ['a', 'b'] });
    expect(badgeCounts.getSnapshot().wishlist).toBe(2);

    markWishlisted('u-1', 'c', true);
    markWishlisted('u-1', 'a', false);
    expect(wishlistStore.getSnapshot().ids).toEqual(['c', 'b']);
    expect(badgeCounts.getSnapshot().wishlist).toBe(2);

    // Another user's change never mixes with the stored list.
    markWishlisted('u-2', 'x', true);
    expect(wishlistStore.getSnapshot()).toEqual({ userId: 'u-2', ids: ['x'] });
    clearWishlist();
    expect(badgeCounts.getSnapshot().wishlist).toBe(0);
  });

  it('is cleared when the session ends', () => {
    authStore.signIn({ token: 't', user: makeUser('user') });
    setWishlist('u-1', ['a']);
    authStore.clear();
    expect(wishlistStore.getSnapshot()).toEqual({ userId: null, ids: [] });
    expect(badgeCounts.getSnapshot().wishlist).toBe(0);
  });
});
