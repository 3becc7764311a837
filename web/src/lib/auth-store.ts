import type { ApiUser, roleSchema } from '@gm/shared/auth/contracts';
import type * as z from 'zod/mini';
import type { RoleName } from '@gm/shared/auth/roles';
import { createPersistedStore, type KeyValueStorage, type PersistedStore } from './persisted-store.ts';

type Role = z.infer<typeof roleSchema>;

/** One signed-in session: the token and whom it belongs to. */
export type Session = { token: string; role: Role; data: ApiUser };

/**
 * The spec's locally stored auth record (01 §3): isAuth, token, role {id, name}, data (the user);
 * while an admin acts as another user, the admin's own session is kept as `admin` (03 §2, §3).
 */
export type SignedIn = Session & { isAuth: true; admin?: Session };
export type AuthRecord = SignedIn | { isAuth: false; token: null; role: null; data: null };

const ROLE_NAMES: readonly string[] = ['admin', 'seller', 'user', 'scanner'] satisfies RoleName[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function roleFrom(value: unknown): Role | undefined {
  if (!isObject(value) || !Number.isInteger(value.id) || !ROLE_NAMES.includes(value.name as string)) return undefined;
  return { id: value.id as number, name: value.name as RoleName };
}

/**
 * A stored session, checked by hand (no zod on the first load, issue 15): what this store wrote itself from
 * parsed API answers, so the check guards against other versions and tampering, not against the API. The
 * fields that decide access are checked; a user stored before `is_employee` existed gets false.
 */
function sessionFrom(value: unknown): Session | undefined {
  if (!isObject(value) || typeof value.token !== 'string' || !value.token) return undefined;
  const role = roleFrom(value.role);
  const data = value.data;
  if (!role || !isObject(data) || typeof data.id !== 'string' || typeof data.username !== 'string') return undefined;
  if (!isObject(data.user_role) || roleFrom(data.user_role.role)?.name !== role.name) return undefined;
  const flags = ['isActivated', 'is_tourism', 'is_partner', 'can_generate', 'gift_locked', 'is_custom_auth'];
  if (!flags.every((flag) => typeof data[flag] === 'boolean') || !isObject(data.detail)) return undefined;
  const user = { ...data, is_employee: data.is_employee === true } as ApiUser;
  return { token: value.token, role, data: user };
}

/** The stored auth record, or undefined (→ signed out) when it is not one. */
export function authRecordFrom(value: unknown): AuthRecord | undefined {
  if (!isObject(value)) return undefined;
  if (value.isAuth === false)
    return value.token === null && value.role === null && value.data === null ? SIGNED_OUT : undefined;
  if (value.isAuth !== true) return undefined;
  const session = sessionFrom(value);
  if (!session) return undefined;
  if (value.admin === undefined) return { isAuth: true, ...session };
  const admin = sessionFrom(value.admin);
  return admin ? { isAuth: true, ...session, admin } : undefined;
}

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
    parse: authRecordFrom,
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
