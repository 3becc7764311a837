import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GLOBAL_SETTINGS_ID, settingsWriteResponseSchema } from '@gm/shared/admin/platform';
import { globalSettingsResponseSchema, userSettingsResponseSchema, type Settings } from '@gm/shared/settings/contracts';
import { api } from '../../../lib/api.ts';
import { platformAdminKeys } from './keys.ts';

/** GET global-settings: the stored values (id '1') or the code defaults (id null). */
export function getGlobalSettings(signal?: AbortSignal) {
  return api.request('global-settings', { schema: globalSettingsResponseSchema, signal });
}

export function useGlobalSettings() {
  return useQuery({
    queryKey: platformAdminKeys.globalSettings(),
    queryFn: ({ signal }) => getGlobalSettings(signal),
    staleTime: 0,
  });
}

/** 03 §4 'Settings: saved with update when an id exists, otherwise created'. */
export function saveGlobalSettings({ id, values }: { id: string | null | undefined; values: Settings }) {
  return id
    ? api.request(`global-settings/${GLOBAL_SETTINGS_ID}`, {
        method: 'PUT',
        body: values,
        schema: settingsWriteResponseSchema,
      })
    : api.request('global-settings', { method: 'POST', body: values, schema: settingsWriteResponseSchema });
}

export function useSaveGlobalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGlobalSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformAdminKeys.globalSettings() }),
  });
}

/** GET user-settings/by-user: the seller's effective settings, its own values and whether it has any (id). */
export function getUserSettings(userId: string, signal?: AbortSignal) {
  return api.request('user-settings/by-user', {
    query: { user_id: userId },
    schema: userSettingsResponseSchema,
    signal,
  });
}

export function useUserSettings(userId: string) {
  return useQuery({
    queryKey: platformAdminKeys.userSettings(userId),
    queryFn: ({ signal }) => getUserSettings(userId, signal),
    staleTime: 0,
  });
}

export function saveUserSettings({ userId, exists, values }: { userId: string; exists: boolean; values: Settings }) {
  return exists
    ? api.request(`user-settings/${encodeURIComponent(userId)}`, {
        method: 'PUT',
        body: values,
        schema: settingsWriteResponseSchema,
      })
    : api.request('user-settings', {
        method: 'POST',
        body: { ...values, user_id: userId },
        schema: settingsWriteResponseSchema,
      });
}

export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserSettings,
    onSuccess: (_answer, { userId }) =>
      queryClient.invalidateQueries({ queryKey: platformAdminKeys.userSettings(userId) }),
  });
}
