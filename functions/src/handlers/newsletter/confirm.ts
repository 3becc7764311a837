import { newsletterTokenSchema } from '@gm/shared/admin/newsletter';
import { clock, hashToken, newsletter, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { confirmNewsletter } from '../../services/newsletter/newsletter.ts';

/** POST newsletter/confirm (public, issue 13): the confirmation link's token, usable once. */
export const handler = http('POST newsletter/confirm', async ({ body }) => {
  const input = parse(newsletterTokenSchema, body);
  return json(200, await confirmNewsletter(resolve({ newsletter, hashToken, clock }), input.token));
});
