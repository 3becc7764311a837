import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { VoucherSearchRequest } from '@gm/shared/catalogue/search-contracts';
import { api } from '../../../lib/api.ts';
import { voucherKeys } from './vouchers.ts';

/* The search lives apart from the plain voucher calls so the home's first load does not carry the infinite list. */

/**
 * POST voucher/search with the shared contract. Further pages POST the same body with another
 * `page` (the answer's next_page_url is this endpoint with `?page=`).
 */
export function searchVouchers(body: VoucherSearchRequest, signal?: AbortSignal) {
  // The search page's first screen: the contract loads lazily (checked in development, trusted in production).
  return api.request('voucher/search', {
    method: 'POST',
    body,
    schema: () => import('@gm/shared/catalogue/search-contracts').then((c) => c.voucherSearchPageSchema),
    signal,
  });
}

/** The named vouchers in their order (POST voucher/search with ids); unknown ones drop out. */
export function getVouchersByIds(ids: readonly string[], signal?: AbortSignal) {
  return searchVouchers({ ids: [...ids], paginate: Math.min(100, ids.length) }, signal);
}

export function useVouchersByIds(ids: readonly string[]) {
  return useQuery({
    queryKey: voucherKeys.byIds(ids),
    queryFn: ({ signal }) => getVouchersByIds(ids, signal),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });
}

/** Page `page` of a search (desktop paging); null waits. The previous answer stays while the next loads. */
export function useVoucherSearchPage(body: VoucherSearchRequest | null, page: number) {
  return useQuery({
    queryKey: voucherKeys.searchPage(body ?? {}, page),
    queryFn: ({ signal }) => searchVouchers({ ...body, page }, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * A search's pages one after another (infinite lists, 'Mehr laden'); null waits. A new body starts at
 * page 1 again, with the previous list on screen (dimmed) until its first page arrives.
 */
export function useVoucherSearchPages(body: VoucherSearchRequest | null) {
  return useInfiniteQuery({
    queryKey: voucherKeys.searchPages(body ?? {}),
    queryFn: ({ signal, pageParam }) => searchVouchers({ ...body, page: pageParam }, signal),
    initialPageParam: 1,
    // 01 §2: infinite loading stops when the answer has no next_page_url.
    getNextPageParam: (last) => (last.next_page_url ? last.current_page + 1 : undefined),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
