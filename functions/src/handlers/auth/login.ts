import { loginRequestSchema } from '@gm/shared/auth/contracts';
import { companies, identity, resolve, users, wishlist } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { login } from '../../services/auth/login.ts';

export const handler = http('POST auth/login', async ({ body }) => {
  const input = parse(loginRequestSchema, body);
  return json(200, await login(resolve({ users, companies, identity, wishlist }), input));
});
