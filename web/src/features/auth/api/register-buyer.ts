import type * as z from 'zod/mini';
import { authResponseSchema, registerBuyerRequestSchema } from '@gm/shared/auth/contracts';
import { api } from '../../../lib/api.ts';

export { registerBuyerRequestSchema };
export type RegisterBuyerInput = z.output<typeof registerBuyerRequestSchema>;

/** POST auth/register as buyer (role 3) → token, user and a message (01 §4). */
export function registerBuyer(input: RegisterBuyerInput) {
  return api.request('auth/register', { method: 'POST', body: input, schema: authResponseSchema });
}
