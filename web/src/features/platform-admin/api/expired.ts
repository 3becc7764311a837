import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { expiredVoucherPageSchema } from '@gm/shared/admin/platform';
import type { ExportLink } from '@gm/shared/admin/exports';
import { api } from '../../../lib/api.ts';
import { requestExport } from '../../../lib/export-link.ts';
import { useCursorPages } from '../../../lib/use-cursor-pages.ts';
import { platformAdminKeys } from './keys.ts';

/** GET user-voucher/expired?page=&cursor=: expired vouchers that still hold value, 10 per page. */
export function getExpiredVouchers(page: number, cursor: string | undefined, signal?: AbortSignal) {
  return api.request('user-voucher/expired', {
    query: { page, paginate: 10, cursor },
    schema: expiredVoucherPageSchema,
    signal,
  });
}

/** The table's pages; page n+1 asks with the cursor of page n's next_page_url (a growing list). */
export function useExpiredVouchers() {
  const { page, cursor, goTo } = useCursorPages();
  const query = useQuery({
    queryKey: platformAdminKeys.expiredPage(page, cursor),
    queryFn: ({ signal }) => getExpiredVouchers(page, cursor, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return { ...query, goTo: (next: number) => goTo(next, query.data?.next_page_url) };
}

/** POST user-voucher/expired/download-csv: a short-lived link to every row as CSV (issue 12). */
export function downloadExpiredCsv(): Promise<ExportLink> {
  return requestExport('user-voucher/expired/download-csv');
}
