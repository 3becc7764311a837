import { pagedSchema } from '@gm/shared/api/paged';
import {
  adminVoucherListQuerySchema,
  featureToggleResponseSchema,
  type AdminVoucherListQuery,
} from '@gm/shared/catalogue-admin/contracts';
import { voucherCardSchema } from '@gm/shared/catalogue/contracts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

const adminVoucherPageSchema = pagedSchema(voucherCardSchema);

/** GET voucher/all (admin): every voucher, inactive ones included, 10 per page. */
export function getAllVouchers(query: AdminVoucherListQuery) {
  return api.request('voucher/all', {
    query: adminVoucherListQuerySchema.parse(query),
    schema: adminVoucherPageSchema,
  });
}

export function useAllVouchers(query: AdminVoucherListQuery) {
  return useApiQuery(`admin:voucher/all?${JSON.stringify(query)}`, () => getAllVouchers(query), {
    staleMs: 0,
    keepPrevious: true,
  });
}

/** POST voucher/update-feature/{id}: flips Featured / Not Featured. */
export function toggleFeatured(id: string) {
  return api.request(`voucher/update-feature/${encodeURIComponent(id)}`, {
    method: 'POST',
    schema: featureToggleResponseSchema,
  });
}
