import { publicPartnersQuerySchema } from '@gm/shared/admin/tourism';
import { companies, resolve, tourism, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { publicPartners } from '../../services/tourism/partners.ts';

/** GET partners/partnersWithVouchers (public, /wp/tourism/partners): the tenant's partners and their active employee vouchers. */
export const handler = http('GET partners/partnersWithVouchers', async ({ query, tenant }) => {
  const { subdomain } = parse(publicPartnersQuerySchema, query);
  return json(200, await publicPartners(resolve({ users, companies, tourism }), subdomain || tenant, true));
});
