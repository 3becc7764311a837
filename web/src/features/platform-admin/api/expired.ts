import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { expiredVoucherPageSchema } from '@gm/shared/admin/platform';
import { api } from '../../../lib/api.ts';
import { platformAdminKeys } from './keys.ts';

/** GET user-voucher/expired?page=: expired vouchers that still hold value, 10 per page. */
export function getExpiredVouchers(page: number, signal?: AbortSignal) {
  return api.request('user-voucher/expired', {
    query: { page, paginate: 10 },
    schema: expiredVoucherPageSchema,
    signal,
  });
}

export function useExpiredVouchers(page: number) {
  return useQuery({
    queryKey: platformAdminKeys.expiredPage(page),
    queryFn: ({ signal }) => getExpiredVouchers(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST user-voucher/expired/download-csv: every row as CSV. */
export function downloadExpiredCsv(): Promise<Blob> {
  return api.download('user-voucher/expired/download-csv', { accept: 'text/csv' });
}
