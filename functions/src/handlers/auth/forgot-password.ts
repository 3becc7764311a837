import { forgotPasswordRequestSchema } from '@gm/shared/auth/contracts';
import { clock, mailQueue, rateLimiter, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { forgotPassword } from '../../services/auth/forgot-password.ts';

/** POST auth/forgot-password {email} → { message }: the same answer, in the same time, for any address. */
export const handler = http('POST auth/forgot-password', async ({ body }) => {
  const input = parse(forgotPasswordRequestSchema, body);
  return json(200, await forgotPassword(resolve({ rateLimiter, mailQueue, clock }), input));
});
