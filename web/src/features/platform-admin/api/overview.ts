import { useQuery } from '@tanstack/react-query';
import { adminOverviewResponseSchema } from '@gm/shared/admin/platform';
import { api } from '../../../lib/api.ts';
import { platformAdminKeys } from './keys.ts';

/** GET admin/overview: the admin home's counts. */
export function getAdminOverview(signal?: AbortSignal) {
  return api.request('admin/overview', { schema: adminOverviewResponseSchema, signal });
}

export function useAdminOverview() {
  return useQuery({
    queryKey: platformAdminKeys.overview(),
    queryFn: ({ signal }) => getAdminOverview(signal),
    staleTime: 30_000,
  });
}
