import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { orderLineResponseSchema } from '@gm/shared/orders/contracts';
import {
  directSaleAnswerSchema,
  directSaleRequestSchema,
  downloadGiftVoucherRequestSchema,
  giftOrderAnswerSchema,
  giftVoucherAnswerSchema,
  userFilterAnswerSchema,
  type DirectSaleRequest,
  type GiftVoucherRequest,
} from '@gm/shared/wallet/gift';
import { api } from '../../../lib/api.ts';

/**
 * Gifts at purchase and the sellers' direct sale (01 §2 "Gift cart", 02 §2 "Direct sale"). "Gift"
 * means only this: a paid (or direct-sale) order line given by e-mail, into a wallet or printed.
 */
export const giftKeys = {
  all: ['gifts'] as const,
  order: (orderId: string) => [...giftKeys.all, 'order', orderId] as const,
  directSale: (userId: string) => [...giftKeys.all, 'direct-sale', userId] as const,
  users: (keyword: string) => [...giftKeys.all, 'users', keyword] as const,
};

/** GET order/gift-voucher/{id}: the line of the gift page and its gift, once given. */
export async function getGiftOrder(orderId: string, signal?: AbortSignal) {
  const answer = await api.request(`order/gift-voucher/${encodeURIComponent(orderId)}`, {
    schema: giftOrderAnswerSchema,
    signal,
  });
  return answer.data;
}

export function useGiftOrder(orderId: string | undefined) {
  return useQuery({
    queryKey: giftKeys.order(orderId ?? ''),
    queryFn: ({ signal }) => getGiftOrder(orderId ?? '', signal),
    enabled: Boolean(orderId),
    staleTime: 0,
  });
}

/** POST order/gift-voucher; `idempotencyKey` is the form's attempt key, so a double click gives once. */
export function giveGift(request: GiftVoucherRequest, idempotencyKey: string) {
  return api.request('order/gift-voucher', {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: giftVoucherAnswerSchema,
  });
}

/**
 * Giving changes the gift page's line (given, its PDFs). The giver's wallet does not change: the
 * vouchers belong to the recipient (wallet) or to nobody until a mailed link is received.
 */
export function useGiveGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: GiftVoucherRequest; idempotencyKey: string }) =>
      giveGift(request, idempotencyKey),
    onSuccess: (_answer, { request }) => queryClient.invalidateQueries({ queryKey: giftKeys.order(request.order_id) }),
  });
}

/** POST order/download-gift-voucher → one printed gift unit as a PDF. */
export function fetchGiftPdf(orderId: string, id: string): Promise<Blob> {
  const body = downloadGiftVoucherRequestSchema.parse({ order_id: orderId, id });
  return api.download('order/download-gift-voucher', { accept: 'application/pdf', body });
}

/** GET user/user-filter?role=user&keyword=: buyers to gift to. */
export async function filterUsers(keyword: string, signal?: AbortSignal) {
  const answer = await api.request('user/user-filter', {
    query: { role: 'user', keyword },
    schema: userFilterAnswerSchema,
    signal,
  });
  return answer.data;
}

/** The buyers whose username starts with the (debounced) keyword; nothing is asked for an empty one. */
export function useUserSearch(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: giftKeys.users(keyword),
    queryFn: ({ signal }) => filterUsers(keyword, signal),
    enabled: enabled && keyword !== '',
    // The suggestions of the previous keyword stay while the next ones load.
    placeholderData: keepPreviousData,
  });
}

/** GET voucher/direct-sale: the vouchers a seller (or its scanner) may sell directly, and the gift lock. */
export function useDirectSaleVouchers(userId: string | null) {
  return useQuery({
    queryKey: giftKeys.directSale(userId ?? ''),
    queryFn: ({ signal }) => api.request('voucher/direct-sale', { schema: directSaleAnswerSchema, signal }),
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** POST order/direct-sale: a direct-sale line; the gift form completes it. */
export function addDirectSale(request: DirectSaleRequest) {
  return api.request('order/direct-sale', {
    method: 'POST',
    body: directSaleRequestSchema.parse(request),
    schema: orderLineResponseSchema,
  });
}

/** The new line is only read by its gift page (a fresh query); no cached list shows it. */
export function useAddDirectSale() {
  return useMutation({ mutationFn: addDirectSale });
}
