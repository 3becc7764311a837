import { walletSearchRequestSchema } from '@gm/shared/wallet/contracts';
import { resolve, templates, users, userVouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { searchWallet } from '../../services/wallet/wallet.ts';

/** POST user-voucher/search/user-vouchers {keyword, page, paginate, isNewest, subdomain} → { user_vouchers: paged } (the caller's wallet, per tenant shop). */
export const handler = http('POST user-voucher/search/user-vouchers', async ({ actor, body, tenant, apiBaseUrl }) => {
  const input = parse(walletSearchRequestSchema, body ?? {});
  // The search is a POST: next_page_url carries the page and filters as query parameters for the client to send back in the body.
  const pageUrl = (page: number) =>
    `${apiBaseUrl}user-voucher/search/user-vouchers?${new URLSearchParams({
      page: String(page),
      paginate: String(input.paginate),
      ...(input.keyword ? { keyword: input.keyword } : {}),
      ...(input.isNewest === false ? { isNewest: '0' } : {}),
      ...(input.subdomain ? { subdomain: input.subdomain } : {}),
    })}`;
  return json(200, await searchWallet(resolve({ userVouchers, templates, users }), actor, input, pageUrl, tenant));
});
