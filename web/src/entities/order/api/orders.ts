import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orderListSchema } from '@gm/shared/orders/contracts';
import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import { api } from '../../../lib/api.ts';

/**
 * Query keys of the buyer's completed orders. A completed payment invalidates `orderKeys.all`; the
 * session is not part of the key (signing in or out resets the whole cache, lib/query-client.ts).
 */
export const orderKeys = {
  all: ['orders'] as const,
  history: (page: number) => [...orderKeys.all, 'history', page] as const,
};

/** GET order?status=completed&page&paginate=9: the buyer's order history (01 §7 "Order-history fetch"). */
export function getOrders(page: number, signal?: AbortSignal) {
  return api.request('order', {
    query: { status: 'completed', page, paginate: PAGE_SIZE.orders },
    schema: orderListSchema,
    signal,
  });
}

/** One page of the order history; the previous page stays on screen while the next one loads. */
export function useOrders(page: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: orderKeys.history(page),
    queryFn: ({ signal }) => getOrders(page, signal),
    placeholderData: keepPreviousData,
    // A purchase can complete in another tab: the history is always asked again when it opens.
    staleTime: 0,
    enabled,
  });
}
