import type * as z from 'zod/mini';
import { authResponseSchema, loginRequestSchema } from '@gm/shared/auth/contracts';
import { api } from '../../../lib/api.ts';

export { loginRequestSchema };
export type LoginInput = z.output<typeof loginRequestSchema>;

/** POST auth/login → token and user (01 §7). */
export function login(input: LoginInput) {
  return api.request('auth/login', { method: 'POST', body: input, schema: authResponseSchema });
}
