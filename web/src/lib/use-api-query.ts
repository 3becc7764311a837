import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api-client.ts';

type Entry = { data?: unknown; promise?: Promise<unknown>; at: number };
const cache = new Map<string, Entry>();

export type QueryState<T> = {
  data: T | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  reload: () => void;
};

type State<T> = { key: string | null; data: T | undefined; error: ApiError | undefined; loading: boolean };

/**
 * Minimal query hook: one request per key at a time, answers cached for `staleMs`
 * (so the header and the home page share the category list). `key` null skips fetching.
 * With `keepPrevious`, the last answer stays visible while the next key loads (paging).
 */
export function useApiQuery<T>(
  key: string | null,
  fetcher: () => Promise<T>,
  options: { staleMs?: number; keepPrevious?: boolean } = {},
): QueryState<T> {
  const { staleMs = 60_000, keepPrevious = false } = options;
  const [state, setState] = useState<State<T>>(() => {
    const entry = key ? cache.get(key) : undefined;
    return { key, data: entry?.data as T | undefined, error: undefined, loading: key !== null && !entry?.data };
  });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!key) {
      setState({ key, data: undefined, error: undefined, loading: false });
      return;
    }
    let active = true;
    const entry = cache.get(key);
    if (entry && 'data' in entry && Date.now() - entry.at < staleMs && version === 0) {
      setState({ key, data: entry.data as T, error: undefined, loading: false });
      return;
    }
    setState((prev) => ({
      key,
      data: (entry?.data as T | undefined) ?? (prev.key === key || keepPrevious ? prev.data : undefined),
      error: undefined,
      loading: true,
    }));
    let promise = entry?.promise as Promise<T> | undefined;
    if (!promise || version > 0) {
      promise = fetcher();
      cache.set(key, { ...entry, promise, at: entry?.at ?? 0 });
    }
    promise.then(
      (data) => {
        cache.set(key, { data, at: Date.now() });
        if (active) setState({ key, data, error: undefined, loading: false });
      },
      (error: unknown) => {
        cache.delete(key);
        const apiError = error instanceof ApiError ? error : new ApiError(0, String(error));
        // Spec 01 §8: list and fetch failures are logged; the screen shows its empty or error state.
        console.error(`Request ${key} failed`, error);
        if (active) setState((prev) => ({ ...prev, key, error: apiError, loading: false }));
      },
    );
    return () => {
      active = false;
    };
    // The fetcher is derived from the key by every caller; refetching on its identity would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version, staleMs, keepPrevious]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const settledForKey = state.key === key;
  return {
    data: settledForKey || keepPrevious ? state.data : undefined,
    error: settledForKey ? state.error : undefined,
    isLoading: key !== null && (!settledForKey || state.loading),
    reload,
  };
}
