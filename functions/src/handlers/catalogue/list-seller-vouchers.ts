import { sellerVoucherListQuerySchema } from '@gm/shared/catalogue/contracts';
import { resolve, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listSellerVouchers } from '../../services/catalogue/list-seller-vouchers.ts';

export const handler = http('GET voucher/seller-vouchers', async ({ actor, query, apiBaseUrl }) => {
  const input = parse(sellerVoucherListQuerySchema, query);
  const pageUrl = (page: number) =>
    `${apiBaseUrl}voucher/seller-vouchers?${new URLSearchParams({ page: String(page), paginate: String(input.paginate) })}`;
  return json(200, await listSellerVouchers(resolve({ vouchers }), actor, input, pageUrl));
});
