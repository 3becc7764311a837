import type { Deps } from '../deps.ts';

/**
 * `GET user/stipe-status` (01 §7) → `isPayoutEnabled`: whether the seller's Stripe Connect account may
 * receive payouts — the stored `payouts_enabled`, which `account.updated` webhooks keep current
 * (payouts/connect-onboarding.ts; false until the account is connected and onboarded). Other roles
 * have no payout account: false.
 */
export async function getStripeStatus(
  deps: Pick<Deps, 'payoutAccounts'>,
  actor: { userId: string; role: string },
): Promise<{ isPayoutEnabled: boolean }> {
  if (actor.role !== 'seller') return { isPayoutEnabled: false };
  const account = await deps.payoutAccounts.get(actor.userId);
  if (!account) return { isPayoutEnabled: false };
  return { isPayoutEnabled: account.stripe_account_id ? account.payouts_enabled === true : false };
}
