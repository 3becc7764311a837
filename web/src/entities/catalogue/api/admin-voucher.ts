import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { featureToggleResponseSchema } from '@gm/shared/catalogue-admin/contracts';
import { voucherWithStatsSchema, type VoucherWithStats } from '@gm/shared/catalogue/contracts';
import { api } from '../../../lib/api.ts';
import { voucherKeys } from './vouchers.ts';

/** The admin voucher modal (02 §6, 03 §2): the voucher as it is now, with its numbers. */
export const adminVoucherKey = (id: string) => [...voucherKeys.all, 'admin', id] as const;

/** GET voucher/{id}?with_stat=1 (the owning seller or an admin). */
export function getVoucherForAdmin(id: string, signal?: AbortSignal) {
  return api.request(`voucher/${encodeURIComponent(id)}`, {
    query: { with_stat: 1 },
    schema: voucherWithStatsSchema,
    signal,
  });
}

export function useVoucherForAdmin(id: string) {
  return useQuery({
    queryKey: adminVoucherKey(id),
    queryFn: ({ signal }) => getVoucherForAdmin(id, signal),
    staleTime: 0,
  });
}

/** POST voucher/update-feature/{id}: flips Gesponsert / Nicht gesponsert; the lists showing the card refetch. */
export function useToggleFeaturedFromCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request(`voucher/update-feature/${encodeURIComponent(id)}`, {
        method: 'POST',
        schema: featureToggleResponseSchema,
      }),
    onSuccess: ({ voucher }) => {
      queryClient.setQueryData<VoucherWithStats>(adminVoucherKey(voucher.id), (old) =>
        old ? { ...old, is_featured: voucher.is_featured } : old,
      );
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all });
    },
  });
}
