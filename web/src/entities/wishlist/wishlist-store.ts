import { useSyncExternalStore } from 'react';
import * as z from 'zod';
import { authStore } from '../../lib/auth.ts';
import { badgeCounts } from '../../lib/badge-counts.ts';
import { browserStorage, createPersistedStore, syncAcrossTabs } from '../../lib/persisted-store.ts';

/**
 * The buyer's wishlist as voucher ids, stored locally like the spec's auth record (01 §3): set from the
 * login answer, refreshed at app start, changed by the hearts, cleared on logout. The header count
 * (`badgeCounts.wishlist`) follows it.
 */
const wishlistSchema = z.object({ userId: z.string().nullable(), ids: z.array(z.string()) });
type StoredWishlist = z.infer<typeof wishlistSchema>;

const EMPTY: StoredWishlist = { userId: null, ids: [] };
const NO_IDS: readonly string[] = [];

export const wishlistStore = createPersistedStore<StoredWishlist>({
  key: 'gm.wishlist',
  schema: wishlistSchema,
  initial: EMPTY,
  storage: browserStorage(),
});
syncAcrossTabs(wishlistStore);

function syncCount(count: number): void {
  const counts = badgeCounts.getSnapshot();
  if (counts.wishlist !== count) badgeCounts.set({ ...counts, wishlist: count });
}

export function setWishlist(userId: string, ids: readonly string[]): void {
  const unique = [...new Set(ids)];
  wishlistStore.set({ userId, ids: unique });
  syncCount(unique.length);
}

export function markWishlisted(userId: string, voucherId: string, on: boolean): void {
  const current = wishlistStore.getSnapshot();
  const ids = current.userId === userId ? current.ids.filter((id) => id !== voucherId) : [];
  setWishlist(userId, on ? [voucherId, ...ids] : ids);
}

export function clearWishlist(): void {
  wishlistStore.reset();
  syncCount(0);
}

// Logging out (or a rejected token) ends the session: its wishlist goes with it (01 §4 "Logout").
authStore.subscribe(() => {
  if (!authStore.getSnapshot().isAuth && wishlistStore.getSnapshot().userId !== null) clearWishlist();
});

/** The signed-in user's wishlisted voucher ids (empty for anyone else). */
export function useWishlistIds(userId: string | null | undefined): readonly string[] {
  const stored = useSyncExternalStore(wishlistStore.subscribe, wishlistStore.getSnapshot, wishlistStore.getSnapshot);
  return userId && stored.userId === userId ? stored.ids : NO_IDS;
}
