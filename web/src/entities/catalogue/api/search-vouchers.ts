import { voucherSearchPageSchema, type VoucherSearchRequest } from '@gm/shared/catalogue/search-contracts';
import { api } from '../../../lib/api.ts';

/**
 * POST voucher/search with the shared contract. Further pages POST the same body with another
 * `page` (the answer's next_page_url is this endpoint with `?page=`).
 */
export function searchVouchers(body: VoucherSearchRequest, signal?: AbortSignal) {
  return api.request('voucher/search', {
    method: 'POST',
    body,
    schema: voucherSearchPageSchema,
    ...(signal ? { signal } : {}),
  });
}
