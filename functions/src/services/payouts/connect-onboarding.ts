import type Stripe from 'stripe';
import { CONNECT_TEXT, ONBOARDING_REFRESH_PATH, ONBOARDING_RETURN_PATH } from '@gm/shared/admin/connect-onboarding';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

export type OnboardingDeps = Pick<Deps, 'payoutAccounts' | 'companies' | 'users' | 'payments' | 'appUrl' | 'clock'>;

/** Stripe idempotency key of the seller's one connected account. */
export const connectAccountKey = (sellerId: string) => `connect-account-${sellerId}`;

/**
 * `POST user/stripe-onboarding` (seller): the seller's Express connected account — created once
 * (Stripe idempotency key per seller; stored on PAYOUT_ACCOUNT only while none is, so concurrent
 * starts keep one) with the company's name, e-mail, url and the registration's IBAN as the bank
 * account — then a fresh Account Link (`account_onboarding`) back to the profile's tab 2.
 */
export async function startStripeOnboarding(
  deps: OnboardingDeps,
  actor: { userId: string; role: string },
): Promise<{ url: string }> {
  if (actor.role !== 'seller') throw new ForbiddenError();
  const payout = await deps.payoutAccounts.get(actor.userId);
  if (!payout) throw new ValidationError({ payout: [CONNECT_TEXT.noPayoutAccount] }, CONNECT_TEXT.noPayoutAccount);

  let accountId = payout.stripe_account_id;
  if (!accountId) {
    const [company, user] = await Promise.all([deps.companies.getBySeller(actor.userId), deps.users.get(actor.userId)]);
    const created = await deps.payments.createConnectedAccount({
      email: user?.email ?? '',
      userId: actor.userId,
      country: 'AT',
      companyName: company?.name ?? payout.account_holder,
      url: company?.url ?? null,
      bankAccount: payout.iban ? { iban: payout.iban, holderName: payout.account_holder } : undefined,
      idempotencyKey: connectAccountKey(actor.userId),
    });
    accountId =
      (await deps.payoutAccounts.setStripeAccount(actor.userId, created.id, deps.clock().toISOString())) ?? null;
    if (!accountId) throw new ValidationError({ payout: [CONNECT_TEXT.noPayoutAccount] }, CONNECT_TEXT.noPayoutAccount);
  }
  const base = deps.appUrl.replace(/\/+$/, '');
  const url = await deps.payments.createOnboardingLink(accountId, {
    returnUrl: `${base}${ONBOARDING_RETURN_PATH}`,
    refreshUrl: `${base}${ONBOARDING_REFRESH_PATH}`,
  });
  return { url };
}

export const ACCOUNT_EVENT_TYPES = ['account.updated'] as const;

/**
 * `account.updated` (webhook consumer): the connected account's flags onto the seller's
 * PAYOUT_ACCOUNT, found by `metadata.user_id`. Conditional on the event's `created` (an older event
 * never overwrites a newer state) and on the account being the seller's. Foreign or unknown
 * accounts are ignored.
 */
export async function recordAccountStatus(
  deps: Pick<Deps, 'payoutAccounts' | 'clock'>,
  event: Stripe.Event,
): Promise<'applied' | 'ignored'> {
  if (event.type !== 'account.updated') return 'ignored';
  const account = event.data.object as Stripe.Account;
  const sellerId = account.metadata?.user_id;
  if (!sellerId) return 'ignored';
  const applied = await deps.payoutAccounts.applyAccountStatus(
    sellerId,
    {
      accountId: account.id,
      payoutsEnabled: account.payouts_enabled === true,
      chargesEnabled: account.charges_enabled === true,
      detailsSubmitted: account.details_submitted === true,
      eventId: event.id,
      eventCreated: event.created,
    },
    deps.clock().toISOString(),
  );
  return applied ? 'applied' : 'ignored';
}
