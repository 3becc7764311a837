import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOrderDetailsSchema, adminOrderPageSchema, reverseOrderResponseSchema } from '@gm/shared/admin/orders';
import { api } from '../../../lib/api.ts';
import { useCursorPages } from '../../../lib/use-cursor-pages.ts';

/** /manage-orders (03 §2): 10 orders per page. */
export const ADMIN_ORDERS_PER_PAGE = 10;

/** Query keys of the admin order screens; a reversal invalidates the lists and the order's details. */
export const adminOrderKeys = {
  all: ['admin-orders'] as const,
  lists: () => [...adminOrderKeys.all, 'list'] as const,
  list: (keyword: string, page: number, cursor: string | undefined, seen?: number) =>
    [...adminOrderKeys.lists(), { keyword, page, cursor, seen }] as const,
  detail: (id: string) => [...adminOrderKeys.all, 'detail', id] as const,
};

/** POST order/search as admin (03 §7): keyword, status completed, paginate 10, page; `cursor` and `seen` from next_page_url. */
export function searchAdminOrders(
  params: { keyword: string; page: number; cursor: string | undefined; seen?: number | undefined },
  signal?: AbortSignal,
) {
  return api.request('order/search', {
    method: 'POST',
    query: { page: params.page, cursor: params.cursor, seen: params.seen },
    body: {
      keyword: params.keyword || undefined,
      status: 'completed',
      paginate: ADMIN_ORDERS_PER_PAGE,
      page: params.page,
    },
    schema: adminOrderPageSchema,
    signal,
  });
}

/** GET order/{id} (admin): the order with payment, invoices and vouchers. */
export function getAdminOrder(id: string, signal?: AbortSignal) {
  return api.request(`order/${encodeURIComponent(id)}`, { schema: adminOrderDetailsSchema, signal });
}

/** POST order/reverse-order `{id, reverse: true}`. */
export function reverseOrder(id: string) {
  return api.request('order/reverse-order', {
    method: 'POST',
    body: { id, reverse: true },
    schema: reverseOrderResponseSchema,
  });
}

/**
 * The order table with cursor paging: page n+1's cursor comes from page n's `next_page_url`, so the
 * cursors of the pages seen are kept (per keyword). The page on screen stays while the next loads.
 */
export function useAdminOrderPages(keyword: string) {
  const { page, cursor, seen, goTo } = useCursorPages(keyword);
  const query = useQuery({
    queryKey: adminOrderKeys.list(keyword, page, cursor, seen),
    queryFn: ({ signal }) => searchAdminOrders({ keyword, page, cursor, seen }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return {
    ...query,
    page,
    goTo: (next: number) => goTo(next, query.data?.next_page_url),
    paging: query.isPlaceholderData,
  };
}

export function useAdminOrder(id: string | null) {
  return useQuery({
    queryKey: adminOrderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getAdminOrder(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** Reverses an order; the lists and its details load again. */
export function useReverseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseOrder,
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(id) });
    },
  });
}
