import { useQuery } from '@tanstack/react-query';
import { userSettingsResponseSchema } from '@gm/shared/settings/contracts';
import { api } from '../../../lib/api.ts';

export const userSettingsKeys = {
  all: ['user-settings'] as const,
  byUser: (userId: string) => [...userSettingsKeys.all, userId] as const,
};

/** GET user-settings/by-user?user_id=<me>: the effective settings; the builder needs `minimum_voucher_value` (cents). */
export function getUserSettings(userId: string, signal?: AbortSignal) {
  return api.request('user-settings/by-user', {
    query: { user_id: userId },
    schema: userSettingsResponseSchema,
    signal,
  });
}

export function useMinimumVoucherValue(userId: string | undefined) {
  return useQuery({
    queryKey: userSettingsKeys.byUser(userId ?? ''),
    queryFn: ({ signal }) => getUserSettings(userId ?? '', signal),
    enabled: Boolean(userId),
    select: (answer) => answer.data.minimum_voucher_value,
  });
}
