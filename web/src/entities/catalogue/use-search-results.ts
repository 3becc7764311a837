import { useCallback, useEffect, useState } from 'react';
import type { Paged } from '@gm/shared/api/paged';
import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import type { VoucherSearchRequest } from '@gm/shared/catalogue/search-contracts';
import { ApiError } from '../../lib/api-client.ts';
import { searchVouchers } from './api/search-vouchers.ts';

type Loaded = { key: string | null; pages: ReadonlyMap<number, Paged<VoucherCard>>; latest?: Paged<VoucherCard> };

export type SearchResults = {
  /** The cards to show: page `page` alone, or pages 1..page one after another (`accumulate`). */
  vouchers: VoucherCard[];
  /** The answer for the shown page (paging controls, total). */
  meta: Paged<VoucherCard> | undefined;
  isLoading: boolean;
  /** True while an answer for an older request is on screen. */
  isStale: boolean;
  error: ApiError | undefined;
  retry: () => void;
};

const EMPTY = new Map<number, Paged<VoucherCard>>();

/**
 * Loads `voucher/search` pages for one request body. A new body (filters, sort, keyword) starts over;
 * the previous answer stays on screen, dimmed, until the new one arrives.
 */
export function useSearchResults(body: VoucherSearchRequest | null, page: number, accumulate: boolean): SearchResults {
  const key = body ? JSON.stringify(body) : null;
  const [loaded, setLoaded] = useState<Loaded>({ key: null, pages: EMPTY });
  const [failure, setFailure] = useState<{ key: string; page: number; error: ApiError } | undefined>();
  const [attempt, setAttempt] = useState(0);
  const pages = loaded.key === key ? loaded.pages : EMPTY;
  const missing = key !== null && !pages.has(page);
  const failed = failure && failure.key === key && failure.page === page ? failure.error : undefined;

  useEffect(() => {
    if (!key || !missing) return;
    const controller = new AbortController();
    const request = { ...(JSON.parse(key) as VoucherSearchRequest), page };
    searchVouchers(request, controller.signal).then(
      (answer) => {
        setLoaded((prev) => {
          const next = new Map(prev.key === key ? prev.pages : EMPTY);
          next.set(page, answer);
          return { key, pages: next, latest: answer };
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // 01 §8: list failures are logged; the list shows its error state with a retry.
        console.error('voucher/search failed', error);
        setFailure({ key, page, error: error instanceof ApiError ? error : new ApiError(0, String(error)) });
      },
    );
    return () => controller.abort();
  }, [key, page, missing, attempt]);

  const retry = useCallback(() => {
    setFailure(undefined);
    setAttempt((n) => n + 1);
  }, []);

  const current = pages.get(page);
  let vouchers: VoucherCard[];
  if (accumulate) {
    vouchers = [];
    for (let p = 1; p <= page; p++) vouchers.push(...(pages.get(p)?.data ?? []));
  } else {
    vouchers = current?.data ?? loaded.latest?.data ?? [];
  }
  const stale = !current && loaded.latest !== undefined && !(accumulate && pages.size > 0);
  return {
    vouchers: accumulate && pages.size === 0 && loaded.latest ? loaded.latest.data : vouchers,
    meta: current ?? (accumulate ? pages.get(page - 1) : undefined) ?? loaded.latest,
    isLoading: missing && !failed,
    isStale: stale,
    error: failed,
    retry,
  };
}
