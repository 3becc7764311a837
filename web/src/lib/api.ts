import { createApiClient } from './api-client.ts';
import { authStore } from './auth.ts';
import { paths } from '../config/paths.ts';

/**
 * The page's API client: bearer token from the auth store; a rejected token signs the user out.
 * A rejected impersonation token (expired after 30 min, or ended elsewhere) brings the admin back
 * to their own session and the user list instead (issue 11).
 */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  getToken: () => authStore.getSnapshot().token,
  onUnauthorized: (rejected) => {
    // Answers to an earlier session's requests (still in flight when it changed) change nothing.
    if (authStore.getSnapshot().token !== rejected) return;
    if (authStore.endImpersonation()) window.location.assign(paths.adminUsers);
    else authStore.clear();
  },
});
