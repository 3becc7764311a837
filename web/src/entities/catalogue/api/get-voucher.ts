import { voucherSchema } from '@gm/shared/catalogue/contracts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET voucher/{id}. */
export function getVoucher(id: string) {
  return api.request(`voucher/${encodeURIComponent(id)}`, { schema: voucherSchema });
}

export function useVoucher(id: string | undefined) {
  return useApiQuery(id ? `voucher/${id}` : null, () => getVoucher(id ?? ''));
}
