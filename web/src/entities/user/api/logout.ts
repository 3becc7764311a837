import { api } from '../../../lib/api.ts';

/** POST auth/logout; the caller clears local auth whatever the answer (01 §4). */
export async function logout() {
  const { messageResponseSchema } = await import('@gm/shared/auth/contracts');
  return api.request('auth/logout', { method: 'POST', schema: messageResponseSchema });
}
