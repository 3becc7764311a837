import { useQuery } from '@tanstack/react-query';
import { profileSchema } from '@gm/shared/users/profile';
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

/** GET user/{id}. */
export function getUser(id: string, signal?: AbortSignal) {
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
