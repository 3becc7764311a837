import { forgotPasswordRequestSchema } from '@gm/shared/auth/contracts';
import {
  appUrl,
  clock,
  hashToken,
  mailer,
  newToken,
  passwordResets,
  rateLimiter,
  resolve,
  users,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { forgotPassword } from '../../services/auth/forgot-password.ts';

export const handler = http('POST auth/forgot-password', async ({ body }) => {
  const input = parse(forgotPasswordRequestSchema, body);
  return json(
    200,
    await forgotPassword(
      resolve({ users, passwordResets, rateLimiter, mailer, clock, newToken, hashToken, appUrl }),
      input,
    ),
  );
});
