import { balanceCheckRequestSchema } from '@gm/shared/wallet/balance-check';
import { clientIp } from '../../lib/client-ip.ts';
import { clock, companies, rateLimiter, resolve, users, userVouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { checkBalance } from '../../services/wallet/balance-check.ts';

/** POST balance-check {code} (public) → remaining value, validity, status and seller; never the holder. 429 past the IP limit. */
export const handler = http('POST balance-check', async ({ body, event }) => {
  const input = parse(balanceCheckRequestSchema, body);
  const deps = resolve({ userVouchers, companies, users, rateLimiter, clock });
  return json(200, await checkBalance(deps, input, clientIp(event)));
});
