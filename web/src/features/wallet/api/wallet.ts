import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import {
  downloadVoucherRequestSchema,
  guestRetrievalRequestSchema,
  guestRetrievalResponseSchema,
  qrResolveResponseSchema,
  voucherPdfFilename,
  walletSearchResponseSchema,
  type UserVoucher,
  type WalletPage,
  type WalletSearchRequest,
} from '@gm/shared/wallet/contracts';
import { api } from '../../../lib/api.ts';
import { currentTenant } from '../../../lib/tenant.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { walletKeys } from '../../../entities/wallet/api/user-voucher.ts';

/** POST user-voucher/search/user-vouchers: one page of the caller's wallet (9 per page). */
export async function searchWallet(body: WalletSearchRequest, signal?: AbortSignal): Promise<WalletPage> {
  const answer = await api.request('user-voucher/search/user-vouchers', {
    method: 'POST',
    body,
    schema: walletSearchResponseSchema,
    signal,
  });
  return answer.user_vouchers;
}

/** The page number a next_page_url asks for (the search is a POST; the URL carries page and filters). */
export function pageOf(nextPageUrl: string | null): number | null {
  if (!nextPageUrl) return null;
  const page = Number(new URL(nextPageUrl, 'http://x').searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : null;
}

/** The next page of a wallet answer, or undefined (infinite loading off) when it names none after this one. */
export function nextWalletPage(last: Pick<WalletPage, 'current_page' | 'next_page_url'>): number | undefined {
  const next = pageOf(last.next_page_url);
  return next !== null && next > last.current_page ? next : undefined;
}

/** The cards of every loaded page in order; a voucher that moved up a page between two requests shows once. */
export function walletItems(pages: readonly Pick<WalletPage, 'data'>[] | undefined): UserVoucher[] {
  const seen = new Set<string>();
  const items: UserVoucher[] = [];
  for (const page of pages ?? [])
    for (const voucher of page.data) {
      if (seen.has(voucher.id)) continue;
      seen.add(voucher.id);
      items.push(voucher);
    }
  return items;
}

/**
 * The wallet, nine at a time (01 §2, §9): page 1 per (debounced) keyword, then the page next_page_url
 * names on each load-more; none switches infinite loading off. Each keyword is its own query, so pages
 * of two keywords never mix and the older request is cancelled through its signal; the cards of the
 * previous keyword stay until the new answer arrives. On a tenant shop only that tenant's vouchers
 * are listed (`subdomain`, 01 §7).
 */
export function useWalletList(keyword: string) {
  const term = keyword.trim();
  const tenant = currentTenant ?? null;
  return useInfiniteQuery({
    queryKey: walletKeys.list({ keyword: term, tenant }),
    queryFn: ({ pageParam, signal }) =>
      searchWallet(
        {
          page: pageParam,
          paginate: PAGE_SIZE.wallet,
          ...(term ? { keyword: term } : {}),
          ...(tenant ? { subdomain: tenant } : {}),
        },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextWalletPage,
    placeholderData: keepPreviousData,
    // Purchases, gifts and redemptions change the wallet on the server: every visit asks again.
    staleTime: 0,
  });
}

/** POST order/download-voucher → the voucher PDF. */
export function fetchVoucherPdf(id: string): Promise<Blob> {
  const body = downloadVoucherRequestSchema.parse({ id });
  return api.download('order/download-voucher', { accept: 'application/pdf', body });
}

export const pdfFilenameOf = (voucher: { order_no: string; code: string }) =>
  voucherPdfFilename(voucher.order_no, voucher.code);

type Downloadable = { id: string; order_no: string; code: string };

/** A downloaded voucher counts as given away (sent_via voucher_download) unless it already was. */
function markDownloaded(data: InfiniteData<WalletPage, number> | undefined, id: string) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.map((v) =>
        v.id === id && v.sent_via === null ? { ...v, sent_via: 'voucher_download' as const } : v,
      ),
    })),
  };
}

/**
 * 'Herunterladen' saves the voucher PDF. The server records sent_via: the list cards show it at once
 * (without asking for every loaded page again) and the voucher's detail is asked again.
 */
export function useDownloadVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (voucher: Downloadable) => saveBlob(await fetchVoucherPdf(voucher.id), pdfFilenameOf(voucher)),
    onSuccess: (_saved, voucher) => {
      queryClient.setQueriesData<InfiniteData<WalletPage, number>>({ queryKey: walletKeys.lists() }, (data) =>
        markDownloaded(data, voucher.id),
      );
      return queryClient.invalidateQueries({ queryKey: walletKeys.voucher(voucher.id) });
    },
  });
}

/** POST retrieve/guest-vouchers {email} → the same message for every address. */
export async function retrieveGuestVouchers(email: string): Promise<string> {
  const body = guestRetrievalRequestSchema.parse({ email });
  const answer = await api.request('retrieve/guest-vouchers', {
    method: 'POST',
    body,
    schema: guestRetrievalResponseSchema,
  });
  return answer.message;
}

/** 'Gutschein verloren?': mails the guest's vouchers again; nothing cached changes. */
export function useRetrieveGuestVouchers() {
  return useMutation({ mutationFn: retrieveGuestVouchers });
}

export const qrKeys = {
  all: ['qr'] as const,
  code: (code: string) => [...qrKeys.all, code] as const,
};

/** GET user-voucher/qr/{code}: where a voucher's QR URL leads (its public page, or for its owner the wallet detail). */
export function resolveQr(code: string, signal?: AbortSignal) {
  return api.request(`user-voucher/qr/${encodeURIComponent(code)}`, { schema: qrResolveResponseSchema, signal });
}

/** `enabled: false` for staff, who go to the scanner without asking. */
export function useQrTarget(code: string, enabled: boolean) {
  return useQuery({
    queryKey: qrKeys.code(code),
    queryFn: ({ signal }) => resolveQr(code, signal),
    enabled,
    staleTime: 0,
  });
}
