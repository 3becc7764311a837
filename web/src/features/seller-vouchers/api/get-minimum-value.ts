import { userSettingsResponseSchema } from '@gm/shared/settings/contracts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET user-settings/by-user?user_id=<me>: the effective settings; the builder needs `minimum_voucher_value` (cents). */
export function getMinimumVoucherValue(userId: string) {
  return api
    .request('user-settings/by-user', { query: { user_id: userId }, schema: userSettingsResponseSchema })
    .then((answer) => answer.data.minimum_voucher_value);
}

export function useMinimumVoucherValue(userId: string | undefined) {
  return useApiQuery(userId ? `user-settings/by-user?user_id=${userId}` : null, () =>
    getMinimumVoucherValue(userId ?? ''),
  );
}
