import type { Deps } from '../deps.ts';

/**
 * `GET user/stipe-status` (01 §7) → `isPayoutEnabled`: whether the seller's Stripe Connect account may
 * receive payouts. Asked of Stripe when the payout account has a connected account (Stripe's
 * `payouts_enabled`), else the stored flag (false until the account is connected). Other roles have
 * no payout account: false.
 */
export async function getStripeStatus(
  deps: Pick<Deps, 'payoutAccounts' | 'payments'>,
  actor: { userId: string; role: string },
): Promise<{ isPayoutEnabled: boolean }> {
  if (actor.role !== 'seller') return { isPayoutEnabled: false };
  const account = await deps.payoutAccounts.get(actor.userId);
  if (!account) return { isPayoutEnabled: false };
  if (!account.stripe_account_id) return { isPayoutEnabled: account.payouts_enabled === true };
  const connected = await deps.payments.retrieveConnectedAccount(account.stripe_account_id);
  return { isPayoutEnabled: connected.payoutsEnabled };
}
