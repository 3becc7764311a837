import { expiredVoucherQuerySchema } from '@gm/shared/admin/platform';
import { clock, platformAdmin, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listExpiredVouchers } from '../../services/admin/expired-vouchers.ts';

/** GET user-voucher/expired?page=&cursor= (admin): expired vouchers that still hold value. */
export const handler = http('GET user-voucher/expired', async ({ query, apiBaseUrl }) => {
  const input = parse(expiredVoucherQuerySchema, query);
  const pageUrl = (page: number, cursor: string) =>
    `${apiBaseUrl}user-voucher/expired?${new URLSearchParams({ page: String(page), paginate: String(input.paginate), cursor })}`;
  return json(200, await listExpiredVouchers(resolve({ platformAdmin, clock }), input, pageUrl));
});
