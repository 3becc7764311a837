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
import { API_BASE, buildUrl, toApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET order/gift-voucher/{id}: the line of the gift page and its gift, once given. */
export function getGiftOrder(orderId: string) {
  return api
    .request(`order/gift-voucher/${encodeURIComponent(orderId)}`, { schema: giftOrderAnswerSchema })
    .then((answer) => answer.data);
}

export function useGiftOrder(orderId: string | undefined) {
  return useApiQuery(orderId ? `gift-order:${orderId}` : null, () => getGiftOrder(orderId!), { staleMs: 0 });
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

/** POST order/download-gift-voucher → one printed gift unit as a PDF Blob. */
export async function fetchGiftPdf(orderId: string, id: string): Promise<Blob> {
  const body = downloadGiftVoucherRequestSchema.parse({ order_id: orderId, id });
  const token = authStore.getSnapshot().token;
  const response = await fetch(buildUrl(API_BASE, 'order/download-gift-voucher'), {
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

/** GET user/user-filter?role=user&keyword=: buyers to gift to. */
export function filterUsers(keyword: string, signal?: AbortSignal) {
  return api
    .request('user/user-filter', { query: { role: 'user', keyword }, schema: userFilterAnswerSchema, signal })
    .then((answer) => answer.data);
}

/** GET voucher/direct-sale: the vouchers a seller (or its scanner) may sell directly, and the gift lock. */
export function useDirectSaleVouchers(userId: string | null) {
  return useApiQuery(
    userId ? `direct-sale:${userId}` : null,
    () => api.request('voucher/direct-sale', { schema: directSaleAnswerSchema }),
    { staleMs: 0 },
  );
}

/** POST order/direct-sale: a direct-sale line; the gift form completes it. */
export function addDirectSale(request: DirectSaleRequest) {
  return api.request('order/direct-sale', {
    method: 'POST',
    body: directSaleRequestSchema.parse(request),
    schema: orderLineResponseSchema,
  });
}
