import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * The sales pause (03 §9; the API calls it app-status): while on, new purchases are refused, the
 * login page shows the discontinuation notice and the add-to-cart buttons give way to a notice.
 */
export const salesPauseKeys = { all: ['sales-pause'] as const };

/** GET app-status. */
export function getSalesPause(signal?: AbortSignal) {
  // Every buy button reads it on the first screen: the contract loads lazily (checked in development, trusted in production).
  return api.request('app-status', {
    schema: () => import('@gm/shared/settings/contracts').then((c) => c.salesPauseSchema),
    signal,
  });
}

const salesPauseQuery = {
  queryKey: salesPauseKeys.all,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getSalesPause(signal),
  staleTime: 60_000,
};

/** Starts loading the sales pause (the voucher page's buy button) before the page renders. */
export function prefetchSalesPause(client: QueryClient) {
  return client.prefetchQuery(salesPauseQuery);
}

/** Whether new sales are paused (false while loading or when the request fails). */
export function useSalesPause() {
  const query = useQuery(salesPauseQuery);
  return { paused: query.data?.sales_paused ?? false, isLoading: query.isLoading };
}

/**
 * PUT app-status (admin): switches the sales pause. Its contract loads with the admin's switch: every buy button
 * reads the pause, and the checkout contracts behind this one are no part of a guest's first load (issue 15).
 */
export async function setSalesPaused(paused: boolean) {
  const [{ setSalesPauseRequestSchema }, { salesPauseResponseSchema }] = await Promise.all([
    import('@gm/shared/orders/checkout-extras'),
    import('@gm/shared/orders/contracts'),
  ]);
  const body = setSalesPauseRequestSchema.parse({ sales_paused: paused });
  return api.request('app-status', { method: 'PUT', body, schema: salesPauseResponseSchema });
}

export function useSetSalesPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSalesPaused,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesPauseKeys.all }),
  });
}
