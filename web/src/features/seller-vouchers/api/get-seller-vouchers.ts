import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import { sellerVoucherListSchema } from '@gm/shared/catalogue/contracts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET voucher/seller-vouchers?page&paginate=9: the signed-in seller's vouchers, active and inactive. */
export function getSellerVouchers(page: number) {
  return api.request('voucher/seller-vouchers', {
    query: { page, paginate: PAGE_SIZE.seller },
    schema: sellerVoucherListSchema,
  });
}

/** Always refetched on mount (staleMs 0): the list must show what the builder just saved. */
export function useSellerVouchers(page: number) {
  return useApiQuery(`voucher/seller-vouchers?page=${page}`, () => getSellerVouchers(page), {
    staleMs: 0,
    keepPrevious: true,
  });
}
