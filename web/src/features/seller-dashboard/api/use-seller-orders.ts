import { useCallback, useEffect, useState } from 'react';
import type { SellerOrdersResponse } from '@gm/shared/seller/dashboard';
import { ApiError } from '../../../lib/api-client.ts';
import { getSellerOrders } from './seller-orders.ts';

type State = { data?: SellerOrdersResponse; error?: ApiError; loading: boolean };

/**
 * The seller's orders with cursor paging: page n is loaded with the cursor page n−1 answered, so
 * the hook remembers the cursors of the pages seen (back and forward, no jumps).
 */
export function useSellerOrders(options: { withStat?: boolean; withRedemptions?: boolean } = {}) {
  const { withStat = false, withRedemptions = false } = options;
  const [page, setPage] = useState(1);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<State>({ loading: true });
  const cursor = cursors[page - 1] ?? null;

  useEffect(() => {
    const controller = new AbortController();
    setState((prev) => ({ ...prev, error: undefined, loading: true }));
    getSellerOrders({ cursor, page, withStat, withRedemptions, signal: controller.signal }).then(
      (data) => {
        setState({ data, loading: false });
        setCursors((prev) => {
          const next = prev.slice(0, page);
          next[page] = data.next_cursor;
          return next;
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the seller orders failed', error);
        setState((prev) => ({
          ...prev,
          error: error instanceof ApiError ? error : new ApiError(0, String(error)),
          loading: false,
        }));
      },
    );
    return () => controller.abort();
  }, [cursor, page, withStat, withRedemptions, version]);

  const goTo = useCallback(
    (next: number) => {
      if (next < 1 || (next > page && !cursors[page])) return;
      setPage(next);
    },
    [cursors, page],
  );
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const lastPage = state.data ? (state.data.next_cursor ? Math.max(state.data.last_page, page + 1) : page) : page;
  return { ...state, page, lastPage, goTo, reload };
}
