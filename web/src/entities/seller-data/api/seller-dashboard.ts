import { useQuery } from '@tanstack/react-query';
import { sellerOrdersResponseSchema, SELLER_ORDERS_PAGE_SIZE } from '@gm/shared/seller/dashboard';
import { api } from '../../../lib/api.ts';
import { sellerDataKeys } from './seller-data-keys.ts';

/**
 * The seller's dashboard numbers (02 §3 "Statistics payload"): the dashboard and the payouts
 * section of /orders-earnings show the same figures from this one query, so they can never differ.
 */
export const sellerDashboardKey = [...sellerDataKeys.orders, 'dashboard'] as const;

/**
 * GET order as a seller (02 §7): one page of the seller's orders after `cursor` (null = newest);
 * `withStat` adds the dashboard numbers (02 §3 "Statistics payload").
 */
export function getSellerOrders(options: {
  cursor: string | null;
  page: number;
  withStat?: boolean;
  withRedemptions?: boolean;
  signal?: AbortSignal;
}) {
  return api.request('order', {
    query: {
      page: options.page,
      paginate: SELLER_ORDERS_PAGE_SIZE,
      cursor: options.cursor ?? undefined,
      with_stat: options.withStat ? 'true' : undefined,
      withRedemptions: options.withRedemptions ? 'true' : undefined,
    },
    schema: sellerOrdersResponseSchema,
    signal: options.signal,
  });
}

/** The dashboard's numbers and newest orders; loaded fresh on every visit (buyers change them any time). */
export function useSellerDashboard() {
  return useQuery({
    queryKey: sellerDashboardKey,
    queryFn: ({ signal }) => getSellerOrders({ cursor: null, page: 1, withStat: true, signal }),
    staleTime: 0,
  });
}
