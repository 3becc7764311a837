import { queryOptions, useQuery } from '@tanstack/react-query';
import { buyerVoucherResponseSchema, type BuyerVoucher } from '@gm/shared/wallet/buyer-voucher';
import { api } from '../../../lib/api.ts';

/**
 * Query keys of the buyer-designed vouchers (/wallet/vouchers): the list pages and each voucher.
 * Saving, sending and receiving one invalidates or updates them.
 */
export const buyerVoucherKeys = {
  all: ['buyer-vouchers'] as const,
  lists: () => [...buyerVoucherKeys.all, 'list'] as const,
  list: (page: number) => [...buyerVoucherKeys.lists(), page] as const,
  details: () => [...buyerVoucherKeys.all, 'detail'] as const,
  detail: (id: string) => [...buyerVoucherKeys.details(), id] as const,
};

/** GET buyer-voucher/{id}: one of the caller's buyer-designed vouchers. */
export async function fetchBuyerVoucher(id: string, signal?: AbortSignal): Promise<BuyerVoucher> {
  const answer = await api.request(`buyer-voucher/${encodeURIComponent(id)}`, {
    schema: buyerVoucherResponseSchema,
    signal,
  });
  return answer.data;
}

export const buyerVoucherQuery = (id: string) =>
  queryOptions({
    queryKey: buyerVoucherKeys.detail(id),
    queryFn: ({ signal }) => fetchBuyerVoucher(id, signal),
    staleTime: 0,
  });

/** `enabled: false` asks nothing (a fresh designer has no stored voucher yet). */
export function useBuyerVoucher(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...buyerVoucherQuery(id), enabled });
}
