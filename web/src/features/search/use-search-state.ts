import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { applySearchUpdate, searchStateFromParams, type SearchLocation, type SearchUpdate } from './search-state.ts';

/**
 * The search state held in the URL, with an `update` that takes a function of the latest state.
 * react-router hands `setSearchParams` updaters the params of the last render, so two clicks before
 * the next render (a quick double click) would both start from the same old state; here each update
 * chains on what the previous one wrote, and the next render brings the URL's state back in.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => searchStateFromParams(params), [params]);
  const latest = useRef<SearchLocation>({ params, state });
  useLayoutEffect(() => {
    latest.current = { params, state };
  }, [params, state]);

  const update = useCallback(
    (change: SearchUpdate) => {
      latest.current = applySearchUpdate(latest.current, change);
      setParams(latest.current.params, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );
  return { state, update };
}
