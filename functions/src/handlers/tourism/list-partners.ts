import { partnerListQuerySchema } from '@gm/shared/admin/tourism';
import { audit, clock, companies, newId, resolve, tourism, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listPartners } from '../../services/tourism/partners.ts';

/** GET partners/all (admin, tourism accounts; 03 §7): the sellers of /tourism/sellers with their partner switches. */
export const handler = http('GET partners/all', async ({ actor, query, apiBaseUrl }) => {
  const input = parse(partnerListQuerySchema, query);
  const deps = resolve({ users, companies, tourism, audit, clock, newId });
  return json(200, await listPartners(deps, actor, input, apiBaseUrl));
});
