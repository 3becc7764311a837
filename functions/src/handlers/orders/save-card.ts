import { SAVED_CARD_TEXT, saveCardRequestSchema } from '@gm/shared/orders/checkout-extras';
import { clock, resolve, stripeCustomers, users } from '../../lib/deps.ts';
import { payments } from '../../lib/deps/payments.ts';
import { http, json, parse } from '../../lib/http.ts';
import { removeSavedCard, saveCard } from '../../services/orders/saved-card.ts';

/** POST user-stripe { is_save, source | token }: saves (or with is_save false removes) the buyer's card. */
export const handler = http('POST user-stripe', async ({ actor, body }) => {
  const input = parse(saveCardRequestSchema, body);
  const deps = resolve({ payments, stripeCustomers, users, clock });
  if (!input.is_save)
    return json(200, { data: await removeSavedCard(deps, actor.userId), message: SAVED_CARD_TEXT.removed });
  const { card } = await saveCard(deps, actor.userId, (input.source || input.token)!);
  return json(200, { data: card, message: SAVED_CARD_TEXT.saved });
});
