import { resolve, stripeCustomers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getSavedCard } from '../../services/orders/saved-card.ts';

/** GET user-stripe → { data: { is_save, card } }: the buyer's saved card (checkout, /profile-payment). */
export const handler = http('GET user-stripe', async ({ actor }) =>
  json(200, { data: await getSavedCard(resolve({ stripeCustomers }), actor.userId) }),
);
