import { API_BASE, ApiError, createApiClient } from './api-client.ts';
import { authStore } from './auth.ts';
import { createSessionRenewal, webLock } from './session-renewal.ts';
import { takeEarlyAnswer } from './early-answers.ts';
import { paths } from '../config/paths.ts';

/**
 * The page's session renewal (issue 14): the session cookie renews the one-hour ID token before it
 * expires and after a 401; a session the server ended signs the user out.
 */
export const sessionRenewal = createSessionRenewal({
  store: authStore,
  // Without a bearer token: the cookie alone names the session (an impersonation token must not tag along).
  refresh: async () => {
    const response = await fetch(`${API_BASE}auth/refresh`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 401) return null;
    if (!response.ok) throw new ApiError(response.status, 'session renewal failed');
    // shared/src/auth/contracts.ts refreshResponseSchema, checked by hand: renewal runs on the first screen.
    const body = (await response.json()) as unknown;
    const token = typeof body === 'object' && body !== null && 'token' in body ? body.token : undefined;
    if (typeof token !== 'string' || !token) throw new ApiError(0, 'session renewal: unexpected answer');
    return token;
  },
  withLock: webLock,
  now: () => Date.now(),
  setTimer: (task, ms) => setTimeout(task, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

/**
 * The page's API client: bearer token from the auth store; a rejected token is renewed once through
 * the session cookie, and signs the user out when that fails. A rejected impersonation token
 * (expired after 30 min, or ended elsewhere) brings the admin back to their own session and the
 * user list instead (issue 11). A first-screen read that the boot already sent takes its answer (issue 15).
 */
export const api = createApiClient({
  fetch: (input, init) =>
    (typeof input === 'string' ? takeEarlyAnswer(input, init, (url, again) => fetch(url, again)) : undefined) ??
    fetch(input, init),
  getToken: () => authStore.getSnapshot().token,
  renew: (rejected) => sessionRenewal.afterRejected(rejected),
  onUnauthorized: (rejected) => {
    // Answers to an earlier session's requests (still in flight when it changed) change nothing.
    if (authStore.getSnapshot().token !== rejected) return;
    if (authStore.endImpersonation()) window.location.assign(paths.adminUsers);
    else authStore.clear();
  },
});

if (typeof window !== 'undefined') sessionRenewal.start();
