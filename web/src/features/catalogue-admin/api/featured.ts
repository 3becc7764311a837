import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pagedSchema } from '@gm/shared/api/paged';
import {
  adminVoucherListQuerySchema,
  featureToggleResponseSchema,
  type AdminVoucherListQuery,
} from '@gm/shared/catalogue-admin/contracts';
import { voucherCardSchema } from '@gm/shared/catalogue/contracts';
import { voucherKeys } from '../../../entities/catalogue/api/vouchers.ts';
import { api } from '../../../lib/api.ts';
import { catalogueAdminKeys } from './keys.ts';

const adminVoucherPageSchema = pagedSchema(voucherCardSchema);
type AdminVoucherPage = ReturnType<typeof adminVoucherPageSchema.parse>;

/** GET voucher/all (admin): every voucher, inactive ones included, 10 per page. */
export function getAllVouchers(query: AdminVoucherListQuery, signal?: AbortSignal) {
  return api.request('voucher/all', {
    query: adminVoucherListQuerySchema.parse(query),
    schema: adminVoucherPageSchema,
    signal,
  });
}

/** One page of the table; the previous page stays on screen while the next one (or a search) loads. */
export function useAllVouchers(query: AdminVoucherListQuery) {
  return useQuery({
    queryKey: catalogueAdminKeys.voucherPage(query),
    queryFn: ({ signal }) => getAllVouchers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST voucher/update-feature/{id}: flips Gesponsert / Nicht gesponsert. */
export function toggleFeatured(id: string) {
  return api.request(`voucher/update-feature/${encodeURIComponent(id)}`, {
    method: 'POST',
    schema: featureToggleResponseSchema,
  });
}

/**
 * The answer carries the voucher as it is now: it replaces the row at once in every cached admin page.
 * The shop's voucher lists (the home's 'Unsere Lieblinge') are marked stale.
 */
export function useToggleFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFeatured,
    onSuccess: ({ voucher }) => {
      queryClient.setQueriesData<AdminVoucherPage>({ queryKey: catalogueAdminKeys.vouchers() }, (page) =>
        page ? { ...page, data: page.data.map((row) => (row.id === voucher.id ? voucher : row)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all });
    },
  });
}
