import { pagedSchema } from '@gm/shared/api/paged';
import { voucherCardSchema, voucherListQuerySchema, type VoucherListQuery } from '@gm/shared/catalogue/contracts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** Lists answer the card projection of a voucher, not the full record. */
export const voucherPageSchema = pagedSchema(voucherCardSchema);

/** GET voucher (paged): page, paginate, featured, newest, seller_id, keyword. */
export function getVouchers(query: VoucherListQuery) {
  const valid = voucherListQuerySchema.parse(query);
  return api.request('voucher', { query: valid, schema: voucherPageSchema });
}

export function useVouchers(query: VoucherListQuery | null) {
  const key = query ? `voucher?${JSON.stringify(query)}` : null;
  return useApiQuery(key, () => getVouchers(query ?? {}), { keepPrevious: true });
}
