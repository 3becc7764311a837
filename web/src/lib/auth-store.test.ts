import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../testing/fixtures.ts';
import {
  AUTH_STORAGE_KEY,
  SIGNED_OUT,
  authRecordFrom,
  createAuthStore,
  impersonatingAdmin,
  roleOf,
} from './auth-store.ts';
import type { KeyValueStorage } from './persisted-store.ts';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

describe('auth store', () => {
  it('starts signed out with empty storage', () => {
    const store = createAuthStore(memoryStorage());
    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
    expect(roleOf(store.getSnapshot())).toBeUndefined();
  });

  it('stores the spec record (isAuth, token, role, data) and notifies subscribers', () => {
    const storage = memoryStorage();
    const store = createAuthStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    const user = makeUser('seller');
    store.signIn({ token: 'tok', user });
    expect(listener).toHaveBeenCalledOnce();
    expect(store.getSnapshot()).toEqual({ isAuth: true, token: 'tok', role: { id: 2, name: 'seller' }, data: user });
    expect(JSON.parse(storage.data[AUTH_STORAGE_KEY] ?? '{}')).toMatchObject({
      isAuth: true,
      token: 'tok',
      role: { name: 'seller' },
    });
    expect(roleOf(store.getSnapshot())).toBe('seller');
  });

  it('restores a stored session in a new store (page reload)', () => {
    const storage = memoryStorage();
    createAuthStore(storage).signIn({ token: 'tok', user: makeUser('user') });
    expect(createAuthStore(storage).getSnapshot()).toMatchObject({
      isAuth: true,
      token: 'tok',
      role: { id: 3, name: 'user' },
    });
  });

  it('ignores a corrupt or outdated stored record', () => {
    expect(createAuthStore(memoryStorage({ [AUTH_STORAGE_KEY]: '{not json' })).getSnapshot()).toEqual(SIGNED_OUT);
    expect(
      createAuthStore(
        memoryStorage({ [AUTH_STORAGE_KEY]: JSON.stringify({ isAuth: true, token: 'x' }) }),
      ).getSnapshot(),
    ).toEqual(SIGNED_OUT);
  });

  it('reads back exactly what it stored, fills is_employee of older records, refuses a role that does not match', () => {
    const storage = memoryStorage();
    const admin = makeUser('admin');
    const store = createAuthStore(storage);
    store.signIn({ token: 'admin-tok', user: admin });
    store.impersonate({ token: 'imp-tok', user: makeUser('user') });
    const stored = JSON.parse(storage.data[AUTH_STORAGE_KEY] ?? '') as Record<string, unknown>;
    expect(authRecordFrom(stored)).toEqual(store.getSnapshot());

    const { is_employee: _dropped, ...older } = admin;
    const reloaded = authRecordFrom({ isAuth: true, token: 't', role: admin.user_role.role, data: older });
    expect(reloaded?.isAuth && reloaded.data.is_employee).toBe(false);

    const forged = { isAuth: true, token: 't', role: { id: 1, name: 'admin' }, data: makeUser('user') };
    expect(authRecordFrom(forged)).toBeUndefined();
    expect(authRecordFrom({ ...stored, admin: { token: '' } })).toBeUndefined();
  });

  it('clear removes the record', () => {
    const storage = memoryStorage();
    const store = createAuthStore(storage);
    store.signIn({ token: 'tok', user: makeUser() });
    store.clear();
    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
    expect(storage.data[AUTH_STORAGE_KEY]).toBeUndefined();
  });

  it('updateUser refreshes the same user only', () => {
    const store = createAuthStore(memoryStorage());
    store.signIn({ token: 'tok', user: makeUser('user') });
    store.updateUser(makeUser('user', { username: 'anna-neu' }));
    expect(store.getSnapshot().data?.username).toBe('anna-neu');
    store.updateUser(makeUser('user', { id: 'other', username: 'x' }));
    expect(store.getSnapshot().data?.username).toBe('anna-neu');
  });

  it('keeps working in memory when storage throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    const store = createAuthStore(broken);
    store.signIn({ token: 'tok', user: makeUser() });
    expect(store.getSnapshot().isAuth).toBe(true);
  });

  it('keeps the admin as `admin` while impersonating, persists it, and goes back to it', () => {
    const storage = memoryStorage();
    const store = createAuthStore(storage);
    const admin = makeUser('admin', { id: 'admin-1', username: 'chefin' });
    const buyer = makeUser('user', { id: 'buyer-1', username: 'anna' });
    store.signIn({ token: 'admin-token', user: admin });
    expect(store.impersonate({ token: 'imp-token', user: buyer })).toMatchObject({ token: 'imp-token' });
    expect(store.getSnapshot()).toMatchObject({
      isAuth: true,
      token: 'imp-token',
      role: { name: 'user' },
      data: { id: 'buyer-1' },
      admin: { token: 'admin-token', role: { name: 'admin' }, data: { id: 'admin-1' } },
    });
    expect(roleOf(store.getSnapshot())).toBe('user');
    // A page reload keeps both.
    expect(impersonatingAdmin(createAuthStore(storage).getSnapshot())?.data.username).toBe('chefin');
    // Not twice, and never from a non-admin session.
    expect(store.impersonate({ token: 'again', user: buyer })).toBeUndefined();
    expect(store.endImpersonation()).toBe(true);
    expect(store.getSnapshot()).toEqual({
      isAuth: true,
      token: 'admin-token',
      role: admin.user_role.role,
      data: admin,
    });
    expect(store.endImpersonation()).toBe(false);
    store.signIn({ token: 'b', user: buyer });
    expect(store.impersonate({ token: 'x', user: admin })).toBeUndefined();
  });

  it('a fresh sign-in or logout drops a kept admin', () => {
    const store = createAuthStore(memoryStorage());
    store.signIn({ token: 'a', user: makeUser('admin') });
    store.impersonate({ token: 'i', user: makeUser('user', { id: 'u2' }) });
    store.signIn({ token: 'n', user: makeUser('user') });
    expect(impersonatingAdmin(store.getSnapshot())).toBeUndefined();
    store.impersonate({ token: 'i', user: makeUser('user', { id: 'u2' }) });
    store.clear();
    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
  });
});
