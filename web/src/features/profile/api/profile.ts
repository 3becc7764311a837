import { messageResponseSchema, userSchema } from '@gm/shared/auth/contracts';
import {
  profileSchema,
  saveProfileResponseSchema,
  type ChangePasswordInput,
  type Profile,
} from '@gm/shared/users/profile';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth.ts';

/** GET user/{id}: the own profile with version, company, verification state and payout account. */
export function getProfile(id: string, signal?: AbortSignal): Promise<Profile> {
  return api.request(`user/${encodeURIComponent(id)}`, { schema: profileSchema, signal });
}

/** POST user/{id}: saves one tab; the stored session user is refreshed with the answer. */
export async function saveProfile(id: string, body: Record<string, unknown>) {
  const answer = await api.request(`user/${encodeURIComponent(id)}`, {
    method: 'POST',
    body,
    schema: saveProfileResponseSchema,
  });
  authStore.updateUser(userSchema.parse(answer.user));
  return answer;
}

/** PATCH user/change-password/{id}. */
export function changePassword(id: string, body: ChangePasswordInput) {
  return api.request(`user/change-password/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: messageResponseSchema,
  });
}
