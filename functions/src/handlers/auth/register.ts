import { registerBuyerRequestSchema } from '@gm/shared/auth/contracts';
import { clock, identity, newId, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { registerBuyer } from '../../services/auth/register-buyer.ts';

export const handler = http('POST auth/register', async ({ body }) => {
  const input = parse(registerBuyerRequestSchema, body);
  return json(201, await registerBuyer(resolve({ users, identity, clock, newId }), input));
});
