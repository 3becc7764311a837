import { companies, resolve, users } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getWebsiteConfiguration } from '../../services/users/website-configuration.ts';

/** GET user/website-configuration (seller): the own subdomain and voucher website (02 §2 'Gutschein Webseite'). */
export const handler = http('GET user/website-configuration', async ({ actor }) =>
  json(200, { data: await getWebsiteConfiguration(resolve({ users, companies }), actor) }),
);
