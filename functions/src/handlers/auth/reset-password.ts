import { resetPasswordRequestSchema } from '@gm/shared/auth/contracts';
import { clock, hashToken, identity, passwordResets, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { resetPassword } from '../../services/auth/reset-password.ts';

export const handler = http('POST auth/reset-password', async ({ body }) => {
  const input = parse(resetPasswordRequestSchema, body);
  return json(200, await resetPassword(resolve({ passwordResets, identity, clock, hashToken }), input));
});
