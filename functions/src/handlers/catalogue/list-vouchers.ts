import { voucherListQuerySchema } from '@gm/shared/catalogue/contracts';
import { catalogue, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listVouchers } from '../../services/catalogue/list-vouchers.ts';

// Cold start: check the pointer and load the search snapshot during init, before the first request (a failure is
// retried by that request).
await catalogue()
  .index()
  .catch(() => undefined);

export const handler = http('GET voucher', async ({ query, apiBaseUrl }) => {
  const input = parse(voucherListQuerySchema, query);
  const pageUrl = (page: number) =>
    `${apiBaseUrl}voucher?${new URLSearchParams({ ...definedOnly(query), page: String(page) })}`;
  return json(200, await listVouchers(resolve({ catalogue }), input, pageUrl));
});

function definedOnly(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
