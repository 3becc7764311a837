import { newsletterSignUpSchema } from '@gm/shared/admin/newsletter';
import { clientIp } from '../../lib/client-ip.ts';
import {
  appUrl,
  clock,
  hashToken,
  mailQueue,
  newToken,
  newsletter,
  newsletterSecrets,
  rateLimiter,
  resolve,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { signUpForNewsletter } from '../../services/newsletter/newsletter.ts';

/** POST newsletter (public, issue 13): popup and footer sign-up → pending + double opt-in mail. */
export const handler = http('POST newsletter', async ({ body, event }) => {
  const input = parse(newsletterSignUpSchema, body);
  const deps = resolve({ newsletter, newsletterSecrets, rateLimiter, mailQueue, clock, newToken, hashToken, appUrl });
  return json(200, await signUpForNewsletter(deps, input, clientIp(event)));
});
