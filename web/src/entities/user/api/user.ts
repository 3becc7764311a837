import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@gm/shared/users/profile';
import { api } from '../../../lib/api.ts';

/**
 * The signed-in user as `GET user/{id}` answers it (the profile: the user of the session plus
 * version, company, verification state and payout account). One query per user: the session refresh
 * on page load and the profile tabs read the same answer.
 */
export const userKeys = {
  all: ['user'] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  unique: (field: string, value: string, id: string | null) => [...userKeys.all, 'unique', field, value, id] as const,
};

/**
 * GET user/{id}. The profile contract (with the seller registration rules it reuses) is imported on
 * the first call: the session refresh runs in the app frame, and a guest's first visit should not
 * load contracts only signed-in users need.
 */
export async function getUser(id: string, signal?: AbortSignal): Promise<Profile> {
  const { profileSchema } = await import('@gm/shared/users/profile');
  return api.request(`user/${encodeURIComponent(id)}`, { schema: profileSchema, signal });
}

/** The user `id` (nothing while `id` is null); `staleTime` 0 loads a fresh copy on every mount. */
export function useUser(id: string | null, { staleTime }: { staleTime?: number } = {}) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getUser(id ?? '', signal),
    enabled: id !== null,
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}
