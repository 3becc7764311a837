import { newsletterTokenSchema } from '@gm/shared/admin/newsletter';
import { clock, hashToken, newsletter, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { unsubscribeFromNewsletter } from '../../services/newsletter/newsletter.ts';

/** POST newsletter/unsubscribe (public, issue 13): the unsubscribe link of every newsletter mail; no login. */
export const handler = http('POST newsletter/unsubscribe', async ({ body }) => {
  const input = parse(newsletterTokenSchema, body);
  return json(200, await unsubscribeFromNewsletter(resolve({ newsletter, hashToken, clock }), input.token));
});
