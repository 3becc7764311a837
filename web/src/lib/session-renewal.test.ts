import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { makeUser } from '../testing/fixtures.ts';
import { createApiClient } from './api-client.ts';
import { createAuthStore, type AuthStore } from './auth-store.ts';
import type { KeyValueStorage } from './persisted-store.ts';
import { createSessionRenewal, renewAt, RENEW_BEFORE_MS, RETRY_AFTER_MS } from './session-renewal.ts';

const HOUR = 3600;
const T0 = 1_800_000_000; // epoch seconds

/** An unsigned JWT with the claims the renewal reads. */
function jwt(claims: { iat: number; exp: number; sub?: string }, userId = 'u-1'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part({ ...claims, 'custom:user_id': userId })}.sig`;
}
const idToken = (iatSeconds: number, lifetime = HOUR, userId = 'u-1') =>
  jwt({ iat: iatSeconds, exp: iatSeconds + lifetime }, userId);

function memoryStorage(): KeyValueStorage {
  const data: Record<string, string> = {};
  return {
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

/** Timers on a fake clock: `advance` runs what falls due, in order. */
function fakeTime(startMs: number) {
  let now = startMs;
  let next = 0;
  const timers = new Map<number, { at: number; task: () => void }>();
  return {
    now: () => now,
    setTimer: (task: () => void, ms: number) => {
      const id = ++next;
      timers.set(id, { at: now + ms, task });
      return id;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    pending: () => [...timers.values()].map((t) => t.at).sort((a, b) => a - b),
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].task();
        await flush();
      }
      now = until;
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** One lock for all "tabs", like navigator.locks. */
function sharedLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

function tab(
  store: AuthStore,
  time: ReturnType<typeof fakeTime>,
  refresh: () => Promise<string | null>,
  lock = sharedLock(),
) {
  const renewal = createSessionRenewal({
    store,
    refresh,
    withLock: lock,
    now: time.now,
    setTimer: time.setTimer,
    clearTimer: time.clearTimer,
    logError: () => undefined,
  });
  return { renewal, stop: renewal.start() };
}

describe('renewAt', () => {
  it('is 5 minutes before exp for an hour-long token', () => {
    expect(renewAt(idToken(T0))).toBe((T0 + HOUR) * 1000 - RENEW_BEFORE_MS);
  });
  it('is half the lifetime before exp for tokens shorter than 10 minutes', () => {
    expect(renewAt(idToken(T0, 120))).toBe((T0 + 60) * 1000);
  });
  it('is unknown for a token without readable claims', () => {
    expect(renewAt('not-a-jwt')).toBeUndefined();
    expect(renewAt('a.!!!.c')).toBeUndefined();
  });
});

describe('session renewal', () => {
  it('renews 5 minutes before expiry, stores the new token and schedules the next renewal', async () => {
    const time = fakeTime(T0 * 1000);
    const store = createAuthStore(memoryStorage());
    store.signIn({ token: idToken(T0), user: makeUser('scanner') });
    const fresh = idToken(T0 + HOUR - 300);
    const refresh = vi.fn(async () => fresh);
    tab(store, time, refresh);

    await time.advance(HOUR * 1000 - RENEW_BEFORE_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    await time.advance(1);
    expect(refresh).toHaveBeenCalledOnce();
    expect(store.getSnapshot().token).toBe(fresh);
    expect(time.pending()).toEqual([renewAt(fresh)]);
  });

  it('keeps a scanner signed in for a working day: nine hours, nine renewals, never signed out', async () => {
    const time = fakeTime(T0 * 1000);
    const store = createAuthStore(memoryStorage());
    store.signIn({ token: idToken(T0), user: makeUser('scanner') });
    const refresh = vi.fn(async () => idToken(Math.floor(time.now() / 1000)));
    tab(store, time, refresh);
    await time.advance(9 * HOUR * 1000);
    expect(refresh).toHaveBeenCalledTimes(9);
    expect(store.getSnapshot().isAuth).toBe(true);
  });

  it('refreshes once for two tabs whose timers fire together: the second finds the first one’s token', async () => {
    const time = fakeTime(T0 * 1000);
    const storage = memoryStorage();
    const first = createAuthStore(storage);
    first.signIn({ token: idToken(T0), user: makeUser() });
    const second = createAuthStore(storage);
    const lock = sharedLock();
    const refresh = vi.fn(async () => idToken(T0 + HOUR - 300));
    tab(first, time, refresh, lock);
    tab(second, time, refresh, lock);

    await time.advance(HOUR * 1000);
    expect(refresh).toHaveBeenCalledOnce();
    expect(second.getSnapshot().token).toBe(first.getSnapshot().token);
  });

  it('answers concurrent renewals of one tab with one refresh', async () => {
    const time = fakeTime(T0 * 1000);
    const store = createAuthStore(memoryStorage());
    const stale = idToken(T0);
    store.signIn({ token: stale, user: makeUser() });
    const fresh = idToken(T0 + 10);
    const refresh = vi.fn(async () => fresh);
    const { renewal } = tab(store, time, refresh);
    const answers = await Promise.all([renewal.afterRejected(stale), renewal.afterRejected(stale), renewal.renew()]);
    expect(answers).toEqual([true, true, fresh]);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('signs out when the server says the session is over', async () => {
    const time = fakeTime(T0 * 1000);
    const store = createAuthStore(memoryStorage());
    const stale = idToken(T0);
    store.signIn({ token: stale, user: makeUser() });
    const { renewal } = tab(store, time, async () => null);
    expect(await renewal.afterRejected(stale)).toBe(false);
    expect(store.getSnapshot().isAuth).toBe(false);
    expect(time.pending()).toEqual([]);
  });

  it('signs out rather than take a token of another account', async () => {
    const time = fakeTime(T0 * 1000);
    const store = createAuthStore(memoryStorage());
    store.signIn({ token: idToken(T0), user: makeUser() });
    const { renewal } = tab(store, time, async () => idToken(T0 + 5, HOUR, 'someone-else'));
    expect(await renewal.renew()).toBeNull();
    expect(store.getSnapshot().isAuth).toBe(false);
  });

  it('keeps the session and tries again in 30 s when the network is down', async () => {
    const time = fakeTime(T0 * 1000);
    const store = createAuthStore(memoryStorage());
    store.signIn({ token: idToken(T0), user: makeUser() });
    const fresh = idToken(T0 + HOUR - 200);
    const refresh = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(fresh);
    tab(store, time, refresh);

    await time.advance(HOUR * 1000 - RENEW_BEFORE_MS);
    expect(refresh).toHaveBeenCalledOnce();
    expect(store.getSnapshot().isAuth).toBe(true);
    await time.advance(RETRY_AFTER_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().token).toBe(fresh);
  });

  it('renews the admin’s own token under an impersonation, never the impersonation token', async () => {
    const time = fakeTime(T0 * 1000);
    const store = createAuthStore(memoryStorage());
    store.signIn({ token: idToken(T0, HOUR, 'admin-1'), user: makeUser('admin', { id: 'admin-1' }) });
    store.impersonate({ token: 'impersonation-token', user: makeUser('user', { id: 'buyer-1' }) });
    const fresh = idToken(T0 + HOUR - 300, HOUR, 'admin-1');
    const refresh = vi.fn(async () => fresh);
    const { renewal } = tab(store, time, refresh);

    expect(await renewal.afterRejected('impersonation-token')).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
    await time.advance(HOUR * 1000);
    const record = store.getSnapshot();
    expect(record.isAuth && record.token).toBe('impersonation-token');
    expect(record.isAuth && record.admin?.token).toBe(fresh);
  });

  it('stops renewing after sign-out', async () => {
    const time = fakeTime(T0 * 1000);
    const store = createAuthStore(memoryStorage());
    store.signIn({ token: idToken(T0), user: makeUser() });
    const refresh = vi.fn(async () => idToken(T0 + 1));
    tab(store, time, refresh);
    store.clear();
    await time.advance(2 * HOUR * 1000);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('API client with renewal', () => {
  const schema = z.object({ ok: z.boolean() });

  it('repeats a request once with the renewed token after a 401', async () => {
    let token = 'old';
    const seen: Array<string | null> = [];
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('Authorization');
      seen.push(auth);
      return new Response(JSON.stringify(auth === 'Bearer new' ? { ok: true } : { message: 'x' }), {
        status: auth === 'Bearer new' ? 200 : 401,
      });
    });
    const onUnauthorized = vi.fn();
    const renew = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const api = createApiClient({ fetch, getToken: () => token, renew, onUnauthorized });
    expect(await api.request('user/u-1', { schema })).toEqual({ ok: true });
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives up after one renewal and reports the rejected token', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'x' }), { status: 401 }));
    const onUnauthorized = vi.fn();
    const renew = vi.fn(async () => true);
    const api = createApiClient({ fetch, getToken: () => 'tok', renew, onUnauthorized });
    await expect(api.request('user/u-1', { schema })).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(renew).toHaveBeenCalledOnce();
    expect(onUnauthorized).toHaveBeenCalledWith('tok');
  });

  it('does not renew for auth/ routes', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'x' }), { status: 401 }));
    const renew = vi.fn(async () => true);
    const api = createApiClient({ fetch, getToken: () => 'tok', renew });
    await expect(api.request('auth/login', { method: 'POST', body: {}, schema })).rejects.toMatchObject({
      status: 401,
    });
    expect(renew).not.toHaveBeenCalled();
  });
});
