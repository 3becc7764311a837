import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stripeOnboardingAnswerSchema, stripeStatusSchema } from '@gm/shared/admin/connect-onboarding';
import { api } from '../../../lib/api.ts';
import { sellerDataKeys } from '../../seller-data/api/seller-data-keys.ts';

/**
 * The seller's payout account at Stripe Connect (issue 12): `GET user/stipe-status` (01 §7, the
 * spec's spelling) and `POST user/stripe-onboarding`, which answers the Account Link to go to.
 * The dashboard banner and the profile's tab 2 both use it.
 */
export const payoutAccountKeys = { status: ['stripe-status'] as const };

export function getStripeStatus(signal?: AbortSignal) {
  return api.request('user/stipe-status', { schema: stripeStatusSchema, signal });
}

/**
 * Whether payouts are enabled. `poll` (back from Stripe): asks again every 1.5 s until enabled or
 * 30 s have passed, because Stripe's `account.updated` webhook may arrive after the browser.
 */
export function useStripeStatus({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: payoutAccountKeys.status,
    queryFn: async ({ signal }) => {
      const status = await getStripeStatus(signal);
      // The dashboard's banner flag comes with its numbers: refresh them once payouts are on.
      if (status.isPayoutEnabled) void queryClient.invalidateQueries({ queryKey: sellerDataKeys.orders });
      return status;
    },
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      poll && !query.state.data?.isPayoutEnabled && query.state.dataUpdateCount < 20 ? 1500 : false,
  });
}

export function startStripeOnboarding() {
  return api.request('user/stripe-onboarding', {
    method: 'POST',
    body: {},
    schema: stripeOnboardingAnswerSchema,
  });
}

/** Starts (or resumes) onboarding: the browser leaves for Stripe's page, so nothing is invalidated here. */
export function useStartStripeOnboarding() {
  return useMutation({ mutationFn: startStripeOnboarding });
}
