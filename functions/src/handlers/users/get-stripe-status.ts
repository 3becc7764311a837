import { payoutAccounts, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getStripeStatus } from '../../services/users/stripe-status.ts';

/** GET user/stipe-status (the spec's spelling) → { isPayoutEnabled } for the calling seller; false for other roles. */
export const handler = http('GET user/stipe-status', async ({ actor }) =>
  json(200, await getStripeStatus(resolve({ payoutAccounts }), actor)),
);
