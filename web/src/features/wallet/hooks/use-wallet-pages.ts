import { useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useWalletList, walletItems } from '../api/wallet.ts';

/**
 * The wallet list as the page shows it (01 §2, §9): the cards of every loaded page, whether another
 * page can be loaded, load-more and retry. While a new keyword loads, the previous keyword's cards
 * stay but cannot load more of it; after a failed page the button offers the retry and scrolling
 * does not repeat the request.
 */
export function useWalletPages(keyword: string) {
  const query = useWalletList(keyword);
  const items = useMemo(() => walletItems(query.data?.pages), [query.data]);
  const loading = query.isFetching;
  const hasNextPage = query.hasNextPage && !query.isPlaceholderData;
  return {
    items,
    loading,
    /** The first page failed: nothing to show but the error. */
    error: items.length === 0 && query.error ? query.error : null,
    /** A further page failed: the cards stay, the load-more shows the error. */
    loadMoreError: query.isFetchNextPageError && query.error instanceof ApiError ? query.error : undefined,
    hasNextPage,
    /** For infinite scrolling: not again after a failed page. */
    canScrollForMore: hasNextPage && !query.isFetchNextPageError,
    loadMore: () => {
      if (hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
    retry: () => void (items.length === 0 ? query.refetch() : query.fetchNextPage()),
  };
}
