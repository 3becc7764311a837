import * as z from 'zod';
import { roleSchema, userSchema, type ApiUser } from '@gm/shared/auth/contracts';
import type { RoleName } from '@gm/shared/auth/roles';
import { createPersistedStore, type KeyValueStorage, type PersistedStore } from './persisted-store.ts';

/** One signed-in session: the token and whom it belongs to. */
const sessionSchema = z.object({ token: z.string().min(1), role: roleSchema, data: userSchema });
export type Session = z.infer<typeof sessionSchema>;

/**
 * The spec's locally stored auth record (01 §3): isAuth, token, role {id, name}, data (the user);
 * while an admin acts as another user, the admin's own session is kept as `admin` (03 §2, §3).
 */
const signedInSchema = sessionSchema.extend({
  isAuth: z.literal(true),
  admin: sessionSchema.optional(),
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
  /**
   * An admin takes a user's role (03 §2): the session becomes the user's, the admin's own is kept
   * as `admin`. Refused (undefined) unless an admin is signed in and not already acting as someone.
   */
  impersonate: (session: { token: string; user: ApiUser }) => SignedIn | undefined;
  /**
   * A renewed ID token of the signed-in person (issue 14): replaces `token`, or the admin's own
   * token while impersonating (the impersonation token itself is never renewed). Ignored when signed out.
   */
  renewToken: (token: string) => void;
  /** Back to the admin's own session; false when no one was being impersonated. */
  endImpersonation: () => boolean;
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
    impersonate({ token, user }) {
      const current = store.getSnapshot();
      if (!current.isAuth || current.admin || current.role.name !== 'admin') return undefined;
      const record: SignedIn = {
        isAuth: true,
        token,
        role: user.user_role.role,
        data: user,
        admin: { token: current.token, role: current.role, data: current.data },
      };
      store.set(record);
      return record;
    },
    renewToken(token) {
      const current = store.getSnapshot();
      if (!current.isAuth) return;
      if (current.admin) store.set({ ...current, admin: { ...current.admin, token } });
      else store.set({ ...current, token });
    },
    endImpersonation() {
      const current = store.getSnapshot();
      if (!current.isAuth || !current.admin) return false;
      store.set({ isAuth: true, ...current.admin });
      return true;
    },
    updateUser(user) {
      const current = store.getSnapshot();
      if (!current.isAuth || current.data.id !== user.id) return;
      store.set({ ...current, role: user.user_role.role, data: user });
    },
    clear: store.reset,
  };
}

/** The Cognito ID token of whoever signed in on this device: the admin's own while impersonating. */
export function ownToken(record: AuthRecord): string | undefined {
  return record.isAuth ? (record.admin?.token ?? record.token) : undefined;
}

/** The admin behind an impersonated session, if any. */
export function impersonatingAdmin(record: AuthRecord): Session | undefined {
  return record.isAuth ? record.admin : undefined;
}

export function roleOf(record: AuthRecord): RoleName | undefined {
  return record.isAuth ? record.role.name : undefined;
}
