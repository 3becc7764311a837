import { ownToken, type AuthRecord, type AuthStore } from './auth-store.ts';

/**
 * Keeps a signed-in person signed in for a working day (issue 14). The ID token lives one hour; the
 * httpOnly session cookie (set by auth/login, sent only to /api/v1/auth) renews it through
 * `POST auth/refresh` for 30 days:
 * - on a timer, 5 minutes before the token's `exp` (half its lifetime for shorter tokens);
 * - when the page becomes visible again with a token that is due (timers sleep in background tabs);
 * - once after a 401 on a request, which the API client then repeats with the new token.
 * Tabs share one localStorage record: a renewal holds an origin-wide Web Lock and re-reads the record
 * first, so the tab that waited finds the other tab's token and does not refresh again. An
 * impersonation token is never renewed (the admin's own token underneath is).
 */
export const RENEW_BEFORE_MS = 5 * 60_000;
/** After a renewal that failed for want of a network, try again this much later. */
export const RETRY_AFTER_MS = 30_000;

type Claims = { exp?: number; iat?: number; 'custom:user_id'?: string };

function claimsOf(token: string): Claims | undefined {
  try {
    const part = token.split('.')[1];
    if (!part) return undefined;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Claims) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When to renew a token (epoch ms): `exp` minus 5 minutes, or minus half the lifetime when that is
 * shorter; undefined for a token without readable `exp` (then only a 401 renews it).
 */
export function renewAt(token: string): number | undefined {
  const claims = claimsOf(token);
  if (typeof claims?.exp !== 'number') return undefined;
  const lifetimeMs = typeof claims.iat === 'number' ? (claims.exp - claims.iat) * 1000 : Infinity;
  return claims.exp * 1000 - Math.min(RENEW_BEFORE_MS, lifetimeMs / 2);
}

export type SessionRenewalDeps = {
  store: AuthStore;
  /** POST auth/refresh: the new ID token, or null when the session is over (401). Throws when unreachable. */
  refresh: () => Promise<string | null>;
  /** Runs `task` while holding a lock all tabs of the origin share (Web Locks), or at once without them. */
  withLock: <T>(task: () => Promise<T>) => Promise<T>;
  now: () => number;
  setTimer: (task: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  logError?: (message: string, detail: unknown) => void;
};

export type SessionRenewal = {
  /** Renews now unless another tab just did; the own token to use next, or null when signed out. */
  renew: () => Promise<string | null>;
  /** For the API client after a 401 with `rejected`: whether repeating the request with the store's token makes sense. */
  afterRejected: (rejected: string) => Promise<boolean>;
  /** Follows the store: schedules the next renewal whenever the own token changes. Returns stop(). */
  start: () => () => void;
};

export function createSessionRenewal(deps: SessionRenewalDeps): SessionRenewal {
  const { store } = deps;
  const logError = deps.logError ?? ((message, detail) => console.error(message, detail));
  let inFlight: Promise<string | null> | undefined;
  let timer: unknown;
  let scheduledFor: string | undefined;

  const isDue = (token: string) => {
    const at = renewAt(token);
    return at !== undefined && at <= deps.now();
  };

  async function renewUnderLock(before: string): Promise<string | null> {
    return deps.withLock(async () => {
      // Another tab may have renewed while this one waited for the lock: its token is in storage.
      store.reload();
      const record = store.getSnapshot();
      const current = ownToken(record);
      if (!current) return null;
      if (current !== before && !isDue(current)) return current;
      const fresh = await deps.refresh();
      const now = store.getSnapshot();
      if (ownToken(now) !== current) return ownToken(now) ?? null; // signed out or switched meanwhile
      if (fresh === null || !belongsTo(fresh, record)) {
        store.clear();
        return null;
      }
      store.renewToken(fresh);
      return fresh;
    });
  }

  function renew(): Promise<string | null> {
    const before = ownToken(store.getSnapshot());
    if (!before) return Promise.resolve(null);
    inFlight ??= renewUnderLock(before).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  function schedule(record: AuthRecord): void {
    const token = ownToken(record);
    if (token === scheduledFor) return;
    if (timer !== undefined) deps.clearTimer(timer);
    timer = undefined;
    scheduledFor = token;
    if (!token) return;
    const at = renewAt(token);
    if (at !== undefined) arm(Math.max(0, at - deps.now()));
  }

  function arm(ms: number): void {
    timer = deps.setTimer(() => {
      timer = undefined;
      renew().catch((error: unknown) => {
        logError('Session renewal failed; trying again shortly', error);
        if (ownToken(store.getSnapshot()) === scheduledFor) arm(RETRY_AFTER_MS);
      });
    }, ms);
  }

  return {
    renew,

    async afterRejected(rejected) {
      const record = store.getSnapshot();
      // Signed out, or an impersonation token (never renewed: its 401 brings the admin back).
      if (!record.isAuth || record.admin) return false;
      // Renewed meanwhile (another request, another tab): repeat with the current token.
      if (record.token !== rejected) return true;
      try {
        return (await renew()) !== null;
      } catch (error) {
        logError('Session renewal after a 401 failed', error);
        return false;
      }
    },

    start() {
      const unsubscribe = store.subscribe(() => schedule(store.getSnapshot()));
      schedule(store.getSnapshot());
      const onVisible = () => {
        const token = ownToken(store.getSnapshot());
        if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
        if (token && isDue(token)) void renew().catch((error: unknown) => logError('Session renewal failed', error));
      };
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
      return () => {
        unsubscribe();
        if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
        if (timer !== undefined) deps.clearTimer(timer);
        timer = undefined;
        scheduledFor = undefined;
      };
    },
  };
}

/** A renewed token must be the signed-in person's own (the cookie could be a different account's). */
function belongsTo(token: string, record: AuthRecord): boolean {
  if (!record.isAuth) return false;
  const own = record.admin?.data ?? record.data;
  const userId = claimsOf(token)?.['custom:user_id'];
  return userId === undefined || userId === own.id;
}

/** The origin-wide lock of the browser (Web Locks API), or none where it is missing. */
export function webLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request('gm.session-renewal', task) as Promise<T>;
}
