import { createApiClient } from './api-client.ts';
import { authStore } from './auth.ts';

/** The page's API client: bearer token from the auth store; a rejected token signs the user out. */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  getToken: () => authStore.getSnapshot().token,
  onUnauthorized: () => authStore.clear(),
});
