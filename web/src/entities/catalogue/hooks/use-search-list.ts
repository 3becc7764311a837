import type { Paged } from '@gm/shared/api/paged';
import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import type { VoucherSearchRequest } from '@gm/shared/catalogue/search-contracts';
import type { ApiError } from '../../../lib/api-client.ts';
import { useVoucherSearchPage, useVoucherSearchPages } from '../api/voucher-search.ts';

/** What a list of search results shows, the same for numbered paging and for lists that load on. */
export type SearchList = {
  /** The cards to show: the current page, or every page loaded so far. */
  vouchers: VoucherCard[];
  /** The latest answer (total, last page). */
  meta: Paged<VoucherCard> | undefined;
  /** A page is on its way (the first one, the next one, or the answer to a changed search). */
  isLoading: boolean;
  /** Loading a further page of an infinite list. */
  isLoadingMore: boolean;
  /** The answer on screen belongs to the previous search or page (shown dimmed). */
  isStale: boolean;
  error: ApiError | undefined;
  /** Asks again for what failed. */
  retry: () => void;
  /** Infinite lists: whether there is a next page, and loading it. */
  hasNextPage: boolean;
  loadMore: () => void;
};

/** One numbered page of a search; null waits. */
export function usePagedSearch(body: VoucherSearchRequest | null, page: number): SearchList {
  const query = useVoucherSearchPage(body, page);
  return {
    vouchers: query.data?.data ?? [],
    meta: query.data,
    isLoading: query.isLoading || query.isPlaceholderData,
    isLoadingMore: false,
    isStale: query.isPlaceholderData,
    error: query.error ?? undefined,
    retry: () => void query.refetch(),
    hasNextPage: Boolean(query.data?.next_page_url) && !query.isPlaceholderData,
    loadMore: () => undefined,
  };
}

/** A search's pages one after another (infinite scroll and 'Mehr laden'); null waits. */
export function useInfiniteSearch(body: VoucherSearchRequest | null): SearchList {
  const query = useVoucherSearchPages(body);
  const pages = query.data?.pages ?? [];
  const stale = query.isPlaceholderData;
  return {
    vouchers: pages.flatMap((page) => page.data),
    meta: pages.at(-1),
    isLoading: query.isLoading || query.isFetchingNextPage || stale,
    isLoadingMore: query.isFetchingNextPage,
    isStale: stale,
    error: query.error ?? undefined,
    retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
    // After a failed page the list waits for 'Erneut versuchen' instead of asking again on every scroll.
    hasNextPage: query.hasNextPage && !stale && !query.isFetchNextPageError,
    loadMore: () => {
      if (!query.isFetching) void query.fetchNextPage({ cancelRefetch: false });
    },
  };
}
