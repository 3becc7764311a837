import {
  downloadVoucherRequestSchema,
  guestRetrievalRequestSchema,
  guestRetrievalResponseSchema,
  userVoucherDetailResponseSchema,
  voucherPdfFilename,
  walletSearchResponseSchema,
  type UserVoucherDetail,
  type WalletPage,
  type WalletSearchRequest,
} from '@gm/shared/wallet/contracts';
import { API_BASE, buildUrl, toApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth.ts';

/** POST user-voucher/search/user-vouchers: one page of the caller's wallet (9 per page). */
export async function searchWallet(body: WalletSearchRequest, signal?: AbortSignal): Promise<WalletPage> {
  const answer = await api.request('user-voucher/search/user-vouchers', {
    method: 'POST',
    body,
    schema: walletSearchResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return answer.user_vouchers;
}

/** The page number a next_page_url asks for (the search is a POST; the URL carries page and filters). */
export function pageOf(nextPageUrl: string | null): number | null {
  if (!nextPageUrl) return null;
  const page = Number(new URL(nextPageUrl, 'http://x').searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : null;
}

/** GET user-voucher/{id}: the wallet voucher detail (owner only). */
export async function fetchUserVoucher(id: string): Promise<UserVoucherDetail> {
  return (await api.request(`user-voucher/${encodeURIComponent(id)}`, { schema: userVoucherDetailResponseSchema }))
    .user_voucher;
}

/** POST order/download-voucher → the voucher PDF as a Blob (the JSON API client only reads JSON answers). */
export async function fetchVoucherPdf(id: string): Promise<Blob> {
  const body = downloadVoucherRequestSchema.parse({ id });
  const token = authStore.getSnapshot().token;
  const response = await fetch(buildUrl(API_BASE, 'order/download-voucher'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/pdf',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return response.blob();
}

export const pdfFilenameOf = (voucher: { order_no: string; code: string }) =>
  voucherPdfFilename(voucher.order_no, voucher.code);

/** POST retrieve/guest-vouchers {email} → the same message for every address. */
export async function retrieveGuestVouchers(email: string): Promise<string> {
  const body = guestRetrievalRequestSchema.parse({ email });
  return (await api.request('retrieve/guest-vouchers', { method: 'POST', body, schema: guestRetrievalResponseSchema }))
    .message;
}
