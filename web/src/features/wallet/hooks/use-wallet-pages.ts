import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import type { UserVoucher } from '@gm/shared/wallet/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { currentTenant } from '../../../lib/tenant.ts';
import { pageOf, searchWallet } from '../api/wallet.ts';

type State = {
  items: UserVoucher[];
  nextPage: number | null;
  total: number | null;
  loading: boolean;
  error: ApiError | undefined;
};

/**
 * The wallet, nine at a time (01 §2, §9): page 1 on mount and whenever the (debounced) keyword
 * changes, then the page next_page_url names on each load-more; no next_page_url switches infinite
 * loading off. A keyword change aborts the request still running and answers of an older keyword
 * are dropped, so pages of two keywords never mix. On a tenant shop only that tenant's vouchers
 * are listed (`subdomain`, 01 §7).
 */
export function useWalletPages(keyword = '') {
  const [state, setState] = useState<State>({ items: [], nextPage: 1, total: null, loading: true, error: undefined });
  /** The running request; a newer page-1 load aborts it, a load-more waits for it. */
  const inFlight = useRef<AbortController | null>(null);
  const keywordRef = useRef(keyword.trim());

  const load = useCallback((page: number, term: string) => {
    if (page > 1 && inFlight.current) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    // A new keyword: the shown cards stay until its answer comes, but cannot load more of the old one.
    setState((s) => ({ ...s, loading: true, error: undefined, ...(page === 1 ? { nextPage: null } : {}) }));
    searchWallet(
      {
        page,
        paginate: PAGE_SIZE.wallet,
        ...(term ? { keyword: term } : {}),
        ...(currentTenant ? { subdomain: currentTenant } : {}),
      },
      controller.signal,
    ).then(
      (answer) => {
        if (inFlight.current !== controller) return;
        inFlight.current = null;
        setState((s) => {
          const known = new Set(s.items.map((v) => v.id));
          return {
            items: [...(page === 1 ? [] : s.items), ...answer.data.filter((v) => page === 1 || !known.has(v.id))],
            nextPage: pageOf(answer.next_page_url),
            total: answer.total,
            loading: false,
            error: undefined,
          };
        });
      },
      (error: unknown) => {
        if (inFlight.current !== controller) return;
        inFlight.current = null;
        // 01 §8: list failures are logged; the list shows its error state with a retry.
        console.error('wallet search failed', error);
        setState((s) => ({
          ...s,
          ...(page === 1 ? { items: [], nextPage: 1 } : { nextPage: page }),
          loading: false,
          error: error instanceof ApiError ? error : new ApiError(0, String(error)),
        }));
      },
    );
  }, []);

  const term = keyword.trim();
  useEffect(() => {
    keywordRef.current = term;
    load(1, term);
  }, [load, term]);
  useEffect(() => () => inFlight.current?.abort(), []);

  const loadMore = useCallback(() => {
    if (state.nextPage && state.nextPage > 1) load(state.nextPage, keywordRef.current);
  }, [load, state.nextPage]);
  const retry = useCallback(
    () => load(state.items.length === 0 ? 1 : (state.nextPage ?? 1), keywordRef.current),
    [load, state.items.length, state.nextPage],
  );
  /** After a download: the card shows the new sent_via without reloading the list. */
  const markDownloaded = useCallback((id: string) => {
    setState((s) => ({
      ...s,
      items: s.items.map((v) => (v.id === id && v.sent_via === null ? { ...v, sent_via: 'voucher_download' } : v)),
    }));
  }, []);

  return { ...state, hasNextPage: state.nextPage !== null && state.nextPage > 1, loadMore, retry, markDownloaded };
}
