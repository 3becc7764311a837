import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ExportLink } from '@gm/shared/admin/exports';
import { adminUserListSchema } from '@gm/shared/admin/users';
import { commissionStatsSchema, sellerInvoicePageSchema, sellerInvoiceSchema } from '@gm/shared/payouts/contracts';
import { api } from '../../../lib/api.ts';
import { requestExport } from '../../../lib/export-link.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { useCursorPages } from '../../../lib/use-cursor-pages.ts';

/** /payout (03 §2): 10 invoices per page. */
export const PAYOUTS_PER_PAGE = 10;

/** The list filters: keyword and the issue-day range (YYYY-MM-DD, '' = none). */
export type PayoutFilter = { keyword: string; from: string; to: string };

export const payoutKeys = {
  all: ['payout-admin'] as const,
  lists: () => [...payoutKeys.all, 'list'] as const,
  list: (filter: PayoutFilter, page: number, cursor: string | undefined) =>
    [...payoutKeys.lists(), { ...filter, page, cursor }] as const,
  stats: (range: { from: string; to: string }) => [...payoutKeys.all, 'stats', range] as const,
  sellers: (keyword: string) => [...payoutKeys.all, 'sellers', keyword] as const,
};

/** GET seller-invoice?keyword=&from=&to=&page=&paginate=10&cursor= (03 §7 "Seller invoices"). */
export function getSellerInvoices(
  params: PayoutFilter & { page: number; cursor: string | undefined },
  signal?: AbortSignal,
) {
  return api.request('seller-invoice', {
    query: {
      keyword: params.keyword,
      from: params.from,
      to: params.to,
      page: params.page,
      paginate: PAYOUTS_PER_PAGE,
      cursor: params.cursor,
    },
    schema: sellerInvoicePageSchema,
    signal,
  });
}

/** The invoice table with cursor paging; a new filter starts again at page 1. */
export function useSellerInvoicePages(filter: PayoutFilter) {
  const { page, cursor, goTo } = useCursorPages(JSON.stringify(filter));
  const query = useQuery({
    queryKey: payoutKeys.list(filter, page, cursor),
    queryFn: ({ signal }) => getSellerInvoices({ ...filter, page, cursor }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
  return {
    ...query,
    page,
    goTo: (next: number) => goTo(next, query.data?.next_page_url),
    paging: query.isPlaceholderData,
  };
}

const statsAnswerSchema = z.object({ data: commissionStatsSchema });

/** GET seller-invoice/commission-stats?from=&to=: the cards above the table. */
export function useCommissionStats(range: { from: string; to: string }) {
  return useQuery({
    queryKey: payoutKeys.stats(range),
    queryFn: async ({ signal }) =>
      (
        await api.request('seller-invoice/commission-stats', {
          query: { from: range.from, to: range.to },
          schema: statsAnswerSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const invoiceActionSchema = z.object({ message: z.string(), data: sellerInvoiceSchema });

/** GET seller-invoice/send-invoice/{id}: mails the Gutschrift to the seller (status → Completed). */
export function sendSellerInvoice(id: string) {
  return api.request(`seller-invoice/send-invoice/${encodeURIComponent(id)}`, { schema: invoiceActionSchema });
}

/** PUT seller-invoice/{id} {isCompleted:true}: a manual or failed transfer was paid outside Stripe. */
export function completeSellerInvoice(id: string) {
  return api.request(`seller-invoice/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { isCompleted: true },
    schema: invoiceActionSchema,
  });
}

/** POST seller-invoice {seller_id}: 'Jetzt abrechnen' for one seller (the payout run's admin button). */
export function runPayout(sellerId: string) {
  return api.request('seller-invoice', {
    method: 'POST',
    body: { seller_id: sellerId },
    schema: z.catchall(z.object({ message: z.optional(z.string()) }), z.unknown()),
  });
}

/** GET seller-invoice/{id}/pdf: the stored Gutschrift, saved as a file. */
export async function downloadSellerInvoicePdf(id: string, invoiceNo: string) {
  const blob = await api.download(`seller-invoice/${encodeURIComponent(id)}/pdf`, {
    method: 'GET',
    accept: 'application/pdf',
  });
  saveBlob(blob, `Gutschrift-${invoiceNo}.pdf`);
}

/** POST seller-invoice/download-pdf-invoices / download-csv-invoices {from, to}: a short-lived link (issue 12). */
export function exportSellerInvoices(kind: 'pdf' | 'csv', range: { from: string; to: string; keyword?: string }) {
  const path = kind === 'pdf' ? 'seller-invoice/download-pdf-invoices' : 'seller-invoice/download-csv-invoices';
  return requestExport(path, {
    from: range.from,
    to: range.to,
    ...(range.keyword ? { keyword: range.keyword } : {}),
  }) as Promise<ExportLink>;
}

/** The invoice actions: the lists and the cards load again. */
function useInvoiceMutation<T>(fn: (arg: T) => Promise<{ message?: string | undefined }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
  });
}

export const useSendSellerInvoice = () => useInvoiceMutation(sendSellerInvoice);
export const useCompleteSellerInvoice = () => useInvoiceMutation(completeSellerInvoice);
export const useRunPayout = () => useInvoiceMutation(runPayout);

/** GET user/user-filter?role=seller&keyword= (admin): the run dialog's seller picker (first 10 matches). */
export function useSellerSearch(keyword: string) {
  return useQuery({
    queryKey: payoutKeys.sellers(keyword),
    queryFn: ({ signal }) =>
      api.request('user/user-filter', {
        query: { role: 'seller', keyword: keyword || undefined },
        schema: adminUserListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
