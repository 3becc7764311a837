import { appUrl, clock, companies, payoutAccounts, resolve, users } from '../../lib/deps.ts';
import { payments } from '../../lib/deps/payments.ts';
import { http, json } from '../../lib/http.ts';
import { startStripeOnboarding } from '../../services/payouts/connect-onboarding.ts';

/** POST user/stripe-onboarding (seller) → { url }: the Stripe Account Link of the seller's connected account. */
export const handler = http('POST user/stripe-onboarding', async ({ actor }) =>
  json(200, await startStripeOnboarding(resolve({ payoutAccounts, companies, users, payments, appUrl, clock }), actor)),
);
