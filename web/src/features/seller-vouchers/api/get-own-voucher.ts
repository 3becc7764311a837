import { voucherSchema, voucherWithStatsSchema } from '@gm/shared/catalogue/contracts';
import { api } from '../../../lib/api.ts';

/** GET voucher/{id}: the seller's own voucher for the builder (never from a cache, it is about to be edited). */
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
