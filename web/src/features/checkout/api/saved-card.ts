import { saveCardRequestSchema, savedCardResponseSchema } from '@gm/shared/orders/checkout-extras';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET user-stripe: the buyer's saved card (checkout and /profile-payment). */
export function getSavedCard(signal?: AbortSignal) {
  return api.request('user-stripe', { schema: savedCardResponseSchema, signal });
}

/** `userId` null (guests, other roles) asks nothing. */
export function useSavedCard(userId: string | null) {
  return useApiQuery(userId ? `saved-card:${userId}` : null, () => getSavedCard(), { staleMs: 0 });
}

/** POST user-stripe { is_save: true, source }: saves the card (a PaymentMethod id), replacing a saved one. */
export function saveCard(paymentMethodId: string) {
  const body = saveCardRequestSchema.parse({ is_save: true, source: paymentMethodId });
  return api.request('user-stripe', { method: 'POST', body, schema: savedCardResponseSchema });
}

/** POST user-stripe { is_save: false }: removes the saved card. */
export function removeSavedCard() {
  return api.request('user-stripe', { method: 'POST', body: { is_save: false }, schema: savedCardResponseSchema });
}
