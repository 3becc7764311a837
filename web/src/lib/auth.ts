import { useSyncExternalStore } from 'react';
import { browserStorage, syncAcrossTabs } from './persisted-store.ts';
import { createAuthStore, roleOf, type AuthRecord } from './auth-store.ts';
import type { RoleName } from '@gm/shared/auth/roles';

/** The one auth store of the page. */
export const authStore = createAuthStore(browserStorage());
syncAcrossTabs(authStore);

export function useAuth(): AuthRecord {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getSnapshot);
}

export function useRole(): RoleName | undefined {
  return roleOf(useAuth());
}
