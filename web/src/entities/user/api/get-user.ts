import { userSchema } from '@gm/shared/auth/contracts';
import { api } from '../../../lib/api.ts';

/** GET user/{id}: the current profile, used to refresh the stored user on start. */
export function getUser(id: string, signal?: AbortSignal) {
  return api.request(`user/${encodeURIComponent(id)}`, { schema: userSchema, signal });
}
