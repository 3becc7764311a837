import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { invoiceExportRequestSchema } from '@gm/shared/seller/dashboard';
import { requestExport } from '../../../lib/export-link.ts';
import { sellerDataKeys } from '../../../entities/seller-data/api/seller-data-keys.ts';
import { getSellerOrders } from '../../../entities/seller-data/api/seller-dashboard.ts';

/**
 * Query keys of GET order as a seller: the pages of the orders table (with their redemptions); the
 * dashboard's key (with the statistics) lives in the entity, beside its query. Sales and redemptions change both; the redemption feature
 * invalidates them through `sellerDataKeys.orders`.
 */
export const sellerOrderKeys = {
  all: sellerDataKeys.orders,
  lists: () => [...sellerOrderKeys.all, 'list'] as const,
  list: (page: number, cursor: string | null) => [...sellerOrderKeys.lists(), { page, cursor }] as const,
};

/**
 * The orders table, 9 a page with cursor paging: page n is asked for with the cursor page n−1
 * answered, so the cursors of the pages seen are kept (back and forward, no jumps). The page on
 * screen stays while the next one loads.
 */
export function useSellerOrderPages() {
  const [page, setPage] = useState(1);
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors[page - 1] ?? null;
  const query = useQuery({
    queryKey: sellerOrderKeys.list(page, cursor),
    queryFn: ({ signal }) => getSellerOrders({ cursor, page, withRedemptions: true, signal }),
    placeholderData: keepPreviousData,
  });
  const { data } = query;

  function goTo(next: number) {
    if (next < 1 || !data || query.isPlaceholderData) return;
    if (next === page + 1) {
      if (!data.next_cursor) return;
      const known = data.next_cursor;
      setCursors((current) => [...current.slice(0, page), known]);
    }
    setPage(next);
  }

  const lastPage = data ? (data.next_cursor ? Math.max(data.last_page, page + 1) : page) : page;
  return { ...query, page, lastPage, goTo, paging: query.isPlaceholderData };
}

export type ExportKind = 'pdf' | 'csv';

const EXPORT_PATHS: Record<ExportKind, string> = {
  pdf: 'seller-invoice/download-buyer-pdf-invoices',
  csv: 'seller-invoice/download-order-csv',
};

/**
 * POST seller-invoice/download-buyer-pdf-invoices (zip) or download-order-csv → a short-lived link to
 * the file, named with the dates (02 §7; issue 12: any size, by link).
 */
export function downloadExport(kind: ExportKind, from: string, to: string) {
  const body = invoiceExportRequestSchema.parse({ from, to, ...(kind === 'pdf' ? { zip: true } : {}) });
  return requestExport(EXPORT_PATHS[kind], body);
}

/** An export: a download, not a change of server state, so it invalidates nothing. */
export function useExport() {
  return useMutation({
    mutationFn: ({ kind, from, to }: { kind: ExportKind; from: string; to: string }) => downloadExport(kind, from, to),
  });
}
