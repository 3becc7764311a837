import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import {
  sellerVoucherListSchema,
  sellerVoucherCardSchema,
  voucherDeleteResponseSchema,
  voucherSchema,
  voucherStatusResponseSchema,
  voucherWithStatsSchema,
  type SellerVoucherList,
  type VoucherWithStats,
} from '@gm/shared/catalogue/contracts';
import type { VoucherForm } from '@gm/shared/catalogue/voucher-form';
import { api } from '../../../lib/api.ts';
import { sellerDataKeys } from '../../../entities/seller-data/api/seller-data-keys.ts';

/**
 * Query keys of the seller's vouchers: the list pages, a voucher opened in the builder, a voucher's
 * statistics. Saving, (de)activating and deleting invalidate what they change.
 */
export const sellerVoucherKeys = {
  all: sellerDataKeys.vouchers,
  lists: () => [...sellerVoucherKeys.all, 'list'] as const,
  list: (page: number) => [...sellerVoucherKeys.lists(), page] as const,
  edit: (id: string) => [...sellerVoucherKeys.all, 'edit', id] as const,
  stats: (id: string) => [...sellerVoucherKeys.all, 'stats', id] as const,
};

/** GET voucher/seller-vouchers?page&paginate=9: the signed-in seller's vouchers, active and inactive. */
export function getSellerVouchers(page: number, signal?: AbortSignal) {
  return api.request('voucher/seller-vouchers', {
    query: { page, paginate: PAGE_SIZE.seller },
    schema: sellerVoucherListSchema,
    signal,
  });
}

/** GET voucher/{id}: the seller's own voucher for the builder. */
export function getOwnVoucher(id: string, signal?: AbortSignal) {
  return api.request(`voucher/${encodeURIComponent(id)}`, { schema: voucherSchema, signal });
}

/** GET voucher/{id}?with_stat=1: the voucher with its sales and redemption numbers (statistics page). */
export function getVoucherWithStats(id: string, signal?: AbortSignal) {
  return api.request(`voucher/${encodeURIComponent(id)}`, {
    query: { with_stat: 1 },
    schema: voucherWithStatsSchema,
    signal,
  });
}

/** POST voucher (create, 201) or POST voucher/{id} (update): the whole builder form, money in cents. */
export function saveVoucher(id: string | undefined, form: VoucherForm) {
  const path = id ? `voucher/${encodeURIComponent(id)}` : 'voucher';
  return api.request(path, { method: 'POST', body: form, schema: voucherSchema });
}

/** POST voucher/update-status/{id}: flips is_active; answers the server message and the voucher. */
export function toggleVoucherStatus(id: string) {
  return api.request(`voucher/update-status/${encodeURIComponent(id)}`, {
    method: 'POST',
    schema: voucherStatusResponseSchema,
  });
}

/** DELETE voucher/{id} → { message }. */
export function deleteVoucher(id: string) {
  return api.request(`voucher/${encodeURIComponent(id)}`, { method: 'DELETE', schema: voucherDeleteResponseSchema });
}

/** One page of 'Meine Gutscheine'; the last page stays on screen while the next one loads. */
export function useSellerVouchers(page: number) {
  return useQuery({
    queryKey: sellerVoucherKeys.list(page),
    queryFn: ({ signal }) => getSellerVouchers(page, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The voucher the builder edits: always loaded fresh (staleTime 0) and not kept after the builder
 * closes (gcTime 0), so the form never starts from an old copy.
 */
export function useOwnVoucher(id: string | undefined) {
  return useQuery({
    queryKey: sellerVoucherKeys.edit(id ?? ''),
    queryFn: ({ signal }) => getOwnVoucher(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useVoucherStatistics(id: string) {
  return useQuery({
    queryKey: sellerVoucherKeys.stats(id),
    queryFn: ({ signal }) => getVoucherWithStats(id, signal),
    staleTime: 0,
  });
}

/** Saving changes the list and the voucher's own entries (edit copy, statistics). */
export function useSaveVoucher(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: VoucherForm) => saveVoucher(id, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerVoucherKeys.all }),
  });
}

/**
 * (De)activating: the answer's voucher replaces the card in the cached list pages and the flag on the
 * statistics page at once (02 §4: there only the flag flips), then the list pages load again.
 */
export function useToggleVoucherStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleVoucherStatus,
    onSuccess: (answer) => {
      const card = sellerVoucherCardSchema.parse(answer.voucher);
      queryClient.setQueriesData<SellerVoucherList>({ queryKey: sellerVoucherKeys.lists() }, (list) =>
        list ? { ...list, data: list.data.map((v) => (v.id === card.id ? card : v)) } : list,
      );
      queryClient.setQueryData<VoucherWithStats>(sellerVoucherKeys.stats(card.id), (voucher) =>
        voucher ? { ...voucher, is_active: card.is_active } : voucher,
      );
      queryClient.removeQueries({ queryKey: sellerVoucherKeys.edit(card.id) });
      return invalidateLists(queryClient);
    },
  });
}

export function useDeleteVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVoucher,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: sellerVoucherKeys.edit(id) });
      return invalidateLists(queryClient);
    },
  });
}

const invalidateLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: sellerVoucherKeys.lists() });
