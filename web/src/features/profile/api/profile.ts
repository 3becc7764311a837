import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, userSchema } from '@gm/shared/auth/contracts';
import { saveProfileResponseSchema, type ChangePasswordInput } from '@gm/shared/users/profile';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth.ts';
import { userKeys } from '../../../entities/user/api/user.ts';

/** POST user/{id}: saves one tab. */
export function saveProfile(id: string, body: Record<string, unknown>) {
  return api.request(`user/${encodeURIComponent(id)}`, {
    method: 'POST',
    body,
    schema: saveProfileResponseSchema,
  });
}

/**
 * Saving a profile tab: the stored session user takes the answer at once, and the cached profile is
 * marked stale without refetching, so the form on screen (keyed by the profile's version) is not
 * replaced under the success dialog or the leave prompt; the next visit loads the saved profile.
 */
export function useSaveProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => saveProfile(id, body),
    onSuccess: async (answer) => {
      authStore.updateUser(userSchema.parse(answer.user));
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(id), refetchType: 'none' });
    },
  });
}

/** PATCH user/change-password/{id}; changes nothing the web caches. */
export function changePassword(id: string, body: ChangePasswordInput) {
  return api.request(`user/change-password/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: messageResponseSchema,
  });
}

export function useChangePassword(id: string) {
  return useMutation({ mutationFn: (body: ChangePasswordInput) => changePassword(id, body) });
}
