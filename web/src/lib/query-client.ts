import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { authStore } from './auth.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** Every request goes through the api-client, which throws ApiError (status 0 for network and parse failures). */
    defaultError: ApiError;
  }
}

/** Answers of 4xx are final (a retry gets the same answer); network failures are retried once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The one server-state cache of the web app. Spec 01 §8: list and fetch failures are logged; the
 * screen shows its empty or error state from the query's `error`.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(`Request ${JSON.stringify(query.queryKey)} failed`, error),
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (!(error instanceof ApiError)) console.error('Request failed', error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Server state belongs to one session: when the signed-in user changes (login, logout, a rejected
 * token), every cached answer is dropped and what is on screen loads again for the new session.
 * Queries marked `meta: { sessionIndependent: true }` (the tenant shop of this host, the same for
 * everyone) are kept: dropping them would flash the page (issue 13: /auth right after a logout).
 */
export function resetOnSessionChange(client: QueryClient, store: typeof authStore): () => void {
  let userId = sessionUser(store);
  return store.subscribe(() => {
    const next = sessionUser(store);
    if (next === userId) return;
    userId = next;
    void client.resetQueries({ predicate: (query) => query.meta?.sessionIndependent !== true });
  });
}

function sessionUser(store: typeof authStore): string | null {
  const session = store.getSnapshot();
  return session.isAuth ? session.data.id : null;
}

resetOnSessionChange(queryClient, authStore);
