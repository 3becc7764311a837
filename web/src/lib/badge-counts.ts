import { useSyncExternalStore } from 'react';
import * as z from 'zod';
import { browserStorage, createPersistedStore, syncAcrossTabs } from './persisted-store.ts';

/** Cart and wishlist counts shown in the header, stored locally as the spec keeps them (01 §3). */
const countsSchema = z.object({ cart: z.number().int().min(0), wishlist: z.number().int().min(0) });
export type BadgeCounts = z.infer<typeof countsSchema>;

export const badgeCounts = createPersistedStore<BadgeCounts>({
  key: 'gm.counts',
  schema: countsSchema,
  initial: { cart: 0, wishlist: 0 },
  storage: browserStorage(),
});
syncAcrossTabs(badgeCounts);

export function useBadgeCounts(): BadgeCounts {
  return useSyncExternalStore(badgeCounts.subscribe, badgeCounts.getSnapshot, badgeCounts.getSnapshot);
}

export function resetCartCount(): void {
  const current = badgeCounts.getSnapshot();
  if (current.cart !== 0) badgeCounts.set({ ...current, cart: 0 });
}

export function setCartCount(count: number): void {
  const current = badgeCounts.getSnapshot();
  const next = Math.max(0, Math.trunc(count));
  if (current.cart !== next) badgeCounts.set({ ...current, cart: next });
}

/** +1 after an add, −1 after a removal (01 §4 "Cart count increases by 1"). */
export function adjustCartCount(delta: number): void {
  setCartCount(badgeCounts.getSnapshot().cart + delta);
}
