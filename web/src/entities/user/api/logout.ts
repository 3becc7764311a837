import { messageResponseSchema } from '@gm/shared/auth/contracts';
import { api } from '../../../lib/api.ts';

/** POST auth/logout; the caller clears local auth whatever the answer (01 §4). */
export function logout() {
  return api.request('auth/logout', { method: 'POST', schema: messageResponseSchema });
}
