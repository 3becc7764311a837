import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import type { UserVoucher } from '@gm/shared/wallet/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { pageOf, searchWallet } from '../api/wallet.ts';

type State = { items: UserVoucher[]; nextPage: number | null; total: number | null; loading: boolean; error: ApiError | undefined };

/**
 * The wallet, nine at a time (01 §2, §9): page 1 on mount, then the page next_page_url names on each
 * load-more; no next_page_url switches infinite loading off.
 */
export function useWalletPages() {
  const [state, setState] = useState<State>({ items: [], nextPage: 1, total: null, loading: true, error: undefined });
  const inFlight = useRef(false);

  const load = useCallback((page: number) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    searchWallet({ page, paginate: PAGE_SIZE.wallet }).then(
      (answer) => {
        inFlight.current = false;
        setState((s) => {
          const known = new Set(s.items.map((v) => v.id));
          return { items: [...(page === 1 ? [] : s.items), ...answer.data.filter((v) => page === 1 || !known.has(v.id))], nextPage: pageOf(answer.next_page_url), total: answer.total, loading: false, error: undefined };
        });
      },
      (error: unknown) => {
        inFlight.current = false;
        // 01 §8: list failures are logged; the list shows its error state with a retry.
        console.error('wallet search failed', error);
        setState((s) => ({ ...s, loading: false, error: error instanceof ApiError ? error : new ApiError(0, String(error)) }));
      },
    );
  }, []);

  useEffect(() => load(1), [load]);

  const loadMore = useCallback(() => {
    if (state.nextPage && state.nextPage > 1) load(state.nextPage);
  }, [load, state.nextPage]);
  const retry = useCallback(() => load(state.items.length === 0 ? 1 : (state.nextPage ?? 1)), [load, state.items.length, state.nextPage]);
  /** After a download: the card shows the new sent_via without reloading the list. */
  const markDownloaded = useCallback((id: string) => {
    setState((s) => ({ ...s, items: s.items.map((v) => (v.id === id && v.sent_via === null ? { ...v, sent_via: 'voucher_download' } : v)) }));
  }, []);

  return { ...state, hasNextPage: state.nextPage !== null && state.nextPage > 1, loadMore, retry, markDownloaded };
}
