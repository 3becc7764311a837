import type * as z from 'zod/mini';
import { messageResponseSchema, resetPasswordRequestSchema } from '@gm/shared/auth/contracts';
import { api } from '../../../lib/api.ts';

export { resetPasswordRequestSchema };
export type ResetPasswordInput = z.output<typeof resetPasswordRequestSchema>;

/** POST auth/reset-password with the token from the e-mailed link. */
export function resetPassword(input: ResetPasswordInput) {
  return api.request('auth/reset-password', { method: 'POST', body: input, schema: messageResponseSchema });
}
