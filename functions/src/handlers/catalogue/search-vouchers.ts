import { voucherSearchSchema } from '@gm/shared/catalogue/search-contracts';
import { catalogue, categoryTree, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { searchVouchers } from '../../services/catalogue/search-vouchers.ts';

/** `next_page_url` is `voucher/search?page=N`: the client POSTs its same body there, the query's page wins. */
// Cold start: check the pointer and load the search snapshot during init, before the first request (a failure is
// retried by that request).
await catalogue()
  .index()
  .catch(() => undefined);

export const handler = http('POST voucher/search', async ({ actor, body, query, apiBaseUrl }) => {
  const input = parse(voucherSearchSchema, withQueryPage(body, query.page));
  const pageUrl = (page: number) => `${apiBaseUrl}voucher/search?page=${page}`;
  return json(200, await searchVouchers(resolve({ catalogue, categoryTree, users }), actor, input, pageUrl));
});

function withQueryPage(body: unknown, page: string | undefined): unknown {
  if (page === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return { ...body, page };
}
