import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import {
  orderListSchema,
  paymentRequestSchema,
  paymentResponseSchema,
  type PaymentRequest,
} from '@gm/shared/orders/contracts';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth.ts';
import { cartHeaders } from '../../cart/cart-session.ts';

/**
 * POST order/payment (buyer) or order/guest/payment (guest, card only): the server prices the cart itself.
 * `idempotencyKey` is the checkout attempt's key (checkout-attempt.ts): a repeat never starts a second payment.
 * Nothing cached changes yet: the cart, the orders and the wallet change once the payment completed
 * (usePaymentCompletion invalidates them).
 */
export function pay(request: PaymentRequest, idempotencyKey: string) {
  const body = paymentRequestSchema.parse(request);
  const guest = !authStore.getSnapshot().isAuth;
  const headers = { ...cartHeaders(), [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
  return api.request(guest ? 'order/guest/payment' : 'order/payment', {
    method: 'POST',
    body,
    headers,
    schema: paymentResponseSchema,
  });
}

/** GET order/payment/{id}: the payment's status for its payer (buyer session or guest cart id); polled, never cached. */
export function getPayment(id: string, signal?: AbortSignal) {
  return api.request(`order/payment/${encodeURIComponent(id)}`, {
    headers: cartHeaders(),
    schema: paymentResponseSchema,
    signal,
  });
}

/** The gift lines a completed payment paid for (buyer): where the checkout goes next. */
export async function giftOrderIdsOfPayment(paymentId: string): Promise<string[]> {
  const payment = await getPayment(paymentId);
  const ids = new Set(payment.data.order_ids);
  if (ids.size === 0) return [];
  const orders = await api.request('order', {
    query: { status: 'completed', page: 1, paginate: 100 },
    schema: orderListSchema,
  });
  return orders.data.filter((line) => ids.has(line.id) && line.is_gift).map((line) => line.id);
}

/** The payment start as a mutation (its pending state and errors belong to the checkout form). */
export function usePay() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: PaymentRequest; idempotencyKey: string }) =>
      pay(request, idempotencyKey),
  });
}
