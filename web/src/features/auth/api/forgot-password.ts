import type * as z from 'zod/mini';
import { forgotPasswordRequestSchema, messageResponseSchema } from '@gm/shared/auth/contracts';
import { api } from '../../../lib/api.ts';

export { forgotPasswordRequestSchema };
export type ForgotPasswordInput = z.output<typeof forgotPasswordRequestSchema>;

/** POST auth/forgot-password: sends the reset link by e-mail. */
export function requestPasswordReset(input: ForgotPasswordInput) {
  return api.request('auth/forgot-password', { method: 'POST', body: input, schema: messageResponseSchema });
}
