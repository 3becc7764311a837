import { uniqueRequestSchema } from '@gm/shared/auth/contracts';
import { clientIp } from '../../lib/client-ip.ts';
import { clock, rateLimiter, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { checkUnique } from '../../services/auth/check-unique.ts';
import { assertUniqueCheckAllowed } from '../../services/auth/registration-limit.ts';

export const handler = http('POST auth/unique', async ({ body, event }) => {
  const input = parse(uniqueRequestSchema, body);
  await assertUniqueCheckAllowed(resolve({ rateLimiter, clock }), clientIp(event));
  return json(200, await checkUnique(resolve({ users }), input));
});
