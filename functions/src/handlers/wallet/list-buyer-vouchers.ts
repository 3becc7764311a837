import { pageQuerySchema } from '@gm/shared/api/paged';
import { BUYER_VOUCHERS_PER_PAGE } from '@gm/shared/wallet/buyer-voucher';
import { buyerVouchers, resolve, templates } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listBuyerVouchers } from '../../services/wallet/buyer-vouchers.ts';

/** GET buyer-voucher?page&paginate: the caller's buyer-designed vouchers (/wallet/vouchers), newest first. */
export const handler = http('GET buyer-voucher', async ({ actor, query, apiBaseUrl }) => {
  const input = parse(pageQuerySchema(BUYER_VOUCHERS_PER_PAGE), query);
  const pageUrl = (page: number) =>
    `${apiBaseUrl}buyer-voucher?${new URLSearchParams({ page: String(page), paginate: String(input.paginate) })}`;
  return json(200, await listBuyerVouchers(resolve({ buyerVouchers, templates }), actor, input, pageUrl));
});
