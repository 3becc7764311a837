import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { sellerInvoiceListQuerySchema, sellerInvoicePageSchema } from '@gm/shared/payouts/contracts';
import { api } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { useCursorPages } from '../../../lib/use-cursor-pages.ts';

/** Gutschriften per page (the admin's /payout table pages by 10 too). */
export const SELLER_INVOICES_PAGE_SIZE = 10;

export type SellerInvoicePageQuery = { page: number; cursor?: string | undefined };

/** The seller's own seller invoices; only the payout run writes them, so nothing on this side invalidates them. */
export const sellerInvoiceKeys = {
  all: ['seller-invoices'] as const,
  page: (query: SellerInvoicePageQuery) => [...sellerInvoiceKeys.all, query] as const,
};

/** GET seller-invoice as a seller: the server answers only the caller's own, newest first. */
export function getSellerInvoicePage(query: SellerInvoicePageQuery, signal?: AbortSignal) {
  return api.request('seller-invoice', {
    query: sellerInvoiceListQuerySchema.parse({ ...query, paginate: SELLER_INVOICES_PAGE_SIZE }),
    schema: sellerInvoicePageSchema,
    signal,
  });
}

/**
 * The pages of the Gutschriften table (cursor paging over a growing list): page n+1 asks with the
 * cursor of page n's answer; the page on screen stays while the next one loads.
 */
export function useSellerInvoicePages() {
  const { page, cursor, goTo } = useCursorPages();
  const query = useQuery({
    queryKey: sellerInvoiceKeys.page({ page, cursor }),
    queryFn: ({ signal }) => getSellerInvoicePage({ page, cursor }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const { data } = query;
  const hasNext = Boolean(data?.next_cursor ?? data?.next_page_url);
  return {
    ...query,
    page,
    /** The last page known: one past this one while the answer has a next page. */
    lastPage: data ? (hasNext ? Math.max(data.last_page, page + 1) : page) : page,
    goTo: (next: number) => goTo(next, nextPageUrl(query.data)),
    paging: query.isPlaceholderData,
  };
}

/** The link to the next page: its cursor (`next_cursor`), else the server's next_page_url. */
function nextPageUrl(data: { next_cursor: string | null; next_page_url: string | null } | undefined) {
  if (data?.next_cursor) return `?cursor=${encodeURIComponent(data.next_cursor)}`;
  return data?.next_page_url ?? null;
}

/** The file name of a Gutschrift's PDF. */
export const sellerInvoicePdfName = (invoiceNo: string) => `Gutschrift-${invoiceNo}.pdf`;

/** GET seller-invoice/{id}/pdf: the Gutschrift's PDF (the owning seller or an admin). */
export function downloadSellerInvoicePdf(id: string) {
  return api.download(`seller-invoice/${encodeURIComponent(id)}/pdf`, { method: 'GET', accept: 'application/pdf' });
}

/** A download, not a change of server state: it invalidates nothing. */
export function useSellerInvoicePdf() {
  return useMutation({
    mutationFn: async (invoice: { id: string; invoice_no: string }) =>
      saveBlob(await downloadSellerInvoicePdf(invoice.id), sellerInvoicePdfName(invoice.invoice_no)),
  });
}
