import { adminVoucherListQuerySchema } from '@gm/shared/catalogue-admin/contracts';
import { resolve, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listAllVouchers } from '../../services/admin/featured-vouchers.ts';

export const handler = http('GET voucher/all', async ({ query, apiBaseUrl }) => {
  const input = parse(adminVoucherListQuerySchema, query);
  const pageUrl = (page: number) =>
    `${apiBaseUrl}voucher/all?${new URLSearchParams({ page: String(page), paginate: String(input.paginate), ...(input.keyword ? { keyword: input.keyword } : {}) })}`;
  return json(200, await listAllVouchers(resolve({ vouchers }), input, pageUrl));
});
