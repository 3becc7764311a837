import { publicPartnersQuerySchema } from '@gm/shared/admin/tourism';
import { companies, resolve, tourism, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { publicPartners } from '../../services/tourism/partners.ts';

/** GET partners/active (public): the activated partners of the tourism tenant (`subdomain` or the request's host). */
export const handler = http('GET partners/active', async ({ query, tenant }) => {
  const { subdomain } = parse(publicPartnersQuerySchema, query);
  return json(200, await publicPartners(resolve({ users, companies, tourism }), subdomain || tenant, false));
});
