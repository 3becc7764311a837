import { keepPreviousData, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
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

/** What useVoucherSearchPage asks for page `page` of a search. */
const searchPageQuery = (body: VoucherSearchRequest, page: number) => ({
  queryKey: voucherKeys.searchPage(body, page),
  queryFn: ({ signal }: { signal?: AbortSignal }) => searchVouchers({ ...body, page }, signal),
});

/** What useVoucherSearchPages asks for a search's pages. */
const searchPagesQuery = (body: VoucherSearchRequest) => ({
  queryKey: voucherKeys.searchPages(body),
  queryFn: ({ signal, pageParam }: { signal?: AbortSignal; pageParam: number }) =>
    searchVouchers({ ...body, page: pageParam }, signal),
  initialPageParam: 1,
});

/**
 * Starts the search page's first answer before its page renders (issue 15): the infinite list's first page on
 * mobile, else page `page`, under the same keys and calls the page's hooks use, so they pick it up.
 */
export function prefetchSearch(client: QueryClient, body: VoucherSearchRequest, page: number, mobile: boolean) {
  return mobile
    ? client.prefetchInfiniteQuery(searchPagesQuery(body))
    : client.prefetchQuery(searchPageQuery(body, page));
}

/** Page `page` of a search (desktop paging); null waits. The previous answer stays while the next loads. */
export function useVoucherSearchPage(body: VoucherSearchRequest | null, page: number) {
  return useQuery({
    ...searchPageQuery(body ?? {}, page),
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
    ...searchPagesQuery(body ?? {}),
    // 01 §2: infinite loading stops when the answer has no next_page_url.
    getNextPageParam: (last) => (last.next_page_url ? last.current_page + 1 : undefined),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
