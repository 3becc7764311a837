import { loginRequestSchema } from '@gm/shared/auth/contracts';
import { clientIp } from '../../lib/client-ip.ts';
import { clock, companies, identity, rateLimiter, resolve, users, wishlist } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { login } from '../../services/auth/login.ts';

export const handler = http('POST auth/login', async ({ body, event }) => {
  const input = parse(loginRequestSchema, body);
  const deps = resolve({ users, companies, identity, wishlist, rateLimiter, clock });
  return json(200, await login(deps, input, clientIp(event)));
});
