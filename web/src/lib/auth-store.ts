import * as z from 'zod';
import { roleSchema, userSchema, type ApiUser } from '@gm/shared/auth/contracts';
import type { RoleName } from '@gm/shared/auth/roles';
import { createPersistedStore, type KeyValueStorage, type PersistedStore } from './persisted-store.ts';

/** The spec's locally stored auth record (01 §3): isAuth, token, role {id, name}, data (the user). */
const signedInSchema = z.object({
  isAuth: z.literal(true),
  token: z.string().min(1),
  role: roleSchema,
  data: userSchema,
});
const signedOutSchema = z.object({ isAuth: z.literal(false), token: z.null(), role: z.null(), data: z.null() });
const authRecordSchema = z.discriminatedUnion('isAuth', [signedInSchema, signedOutSchema]);

export type AuthRecord = z.infer<typeof authRecordSchema>;
export type SignedIn = z.infer<typeof signedInSchema>;

export const SIGNED_OUT: AuthRecord = { isAuth: false, token: null, role: null, data: null };
export const AUTH_STORAGE_KEY = 'gm.auth';

export type AuthStore = {
  getSnapshot: () => AuthRecord;
  subscribe: (listener: () => void) => () => void;
  signIn: (session: { token: string; user: ApiUser }) => SignedIn;
  /** Replaces the stored user (fresh copy from the API); ignored when signed out. */
  updateUser: (user: ApiUser) => void;
  clear: () => void;
  reload: () => void;
  readonly key: string;
};

export function createAuthStore(storage: KeyValueStorage | null, key = AUTH_STORAGE_KEY): AuthStore {
  const store: PersistedStore<AuthRecord> = createPersistedStore({
    key,
    schema: authRecordSchema,
    initial: SIGNED_OUT,
    storage,
  });
  return {
    key,
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    reload: store.reload,
    signIn({ token, user }) {
      const record: SignedIn = { isAuth: true, token, role: user.user_role.role, data: user };
      store.set(record);
      return record;
    },
    updateUser(user) {
      const current = store.getSnapshot();
      if (!current.isAuth || current.data.id !== user.id) return;
      store.set({ ...current, role: user.user_role.role, data: user });
    },
    clear: store.reset,
  };
}

export function roleOf(record: AuthRecord): RoleName | undefined {
  return record.isAuth ? record.role.name : undefined;
}
