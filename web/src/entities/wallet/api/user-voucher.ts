import { queryOptions, useQuery } from '@tanstack/react-query';
import { userVoucherDetailResponseSchema, type UserVoucherDetail } from '@gm/shared/wallet/contracts';
import { api } from '../../../lib/api.ts';

/**
 * Query keys of the buyer's wallet (bought vouchers). Everything that changes a wallet voucher
 * (download, send by e-mail, receiving a share link, personalising) invalidates or updates these keys,
 * so the list cards and the detail page follow without reloading by hand. The wallet, personalise and
 * transfer features share them; the session is not part of the key (lib/query-client.ts resets the
 * cache when the user changes).
 */
export const walletKeys = {
  all: ['wallet'] as const,
  lists: () => [...walletKeys.all, 'list'] as const,
  list: (filters: { keyword: string; tenant: string | null }) => [...walletKeys.lists(), filters] as const,
  vouchers: () => [...walletKeys.all, 'voucher'] as const,
  voucher: (id: string) => [...walletKeys.vouchers(), id] as const,
};

/** GET user-voucher/{id}: one voucher of the caller's wallet (owner only). */
export async function fetchUserVoucher(id: string, signal?: AbortSignal): Promise<UserVoucherDetail> {
  const answer = await api.request(`user-voucher/${encodeURIComponent(id)}`, {
    schema: userVoucherDetailResponseSchema,
    signal,
  });
  return answer.user_voucher;
}

/**
 * The wallet voucher: always asked again when a page opens it (sent_via, remaining value and owner
 * change on the server through redemptions and transfers), the cached answer shown meanwhile.
 */
export const userVoucherQuery = (id: string) =>
  queryOptions({
    queryKey: walletKeys.voucher(id),
    queryFn: ({ signal }) => fetchUserVoucher(id, signal),
    staleTime: 0,
  });

export function useUserVoucher(id: string) {
  return useQuery(userVoucherQuery(id));
}
