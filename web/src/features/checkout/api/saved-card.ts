import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveCardRequestSchema, savedCardResponseSchema } from '@gm/shared/orders/checkout-extras';
import { api } from '../../../lib/api.ts';

/** The buyer's saved card (checkout and /profile-payment); one per session, so no id in the key. */
export const savedCardKeys = { all: ['saved-card'] as const };

/** GET user-stripe: the buyer's saved card. */
export function getSavedCard(signal?: AbortSignal) {
  return api.request('user-stripe', { schema: savedCardResponseSchema, signal });
}

/** `enabled` false (guests, other roles) asks nothing. */
export function useSavedCard({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: savedCardKeys.all,
    queryFn: ({ signal }) => getSavedCard(signal),
    // A card saved at checkout is attached by the payment's webhook: always ask again when shown.
    staleTime: 0,
    enabled,
  });
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

/** Both writes answer the card as it is now: that answer is the new cached state. */
function useSavedCardMutation<V>(mutationFn: (variables: V) => ReturnType<typeof saveCard>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => queryClient.setQueryData(savedCardKeys.all, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: savedCardKeys.all }),
  });
}

export function useSaveCard() {
  return useSavedCardMutation(saveCard);
}

export function useRemoveSavedCard() {
  return useSavedCardMutation<void>(() => removeSavedCard());
}
