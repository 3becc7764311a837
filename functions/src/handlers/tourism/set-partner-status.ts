import { partnerStatusSchema } from '@gm/shared/admin/tourism';
import { audit, clock, companies, newId, resolve, tourism, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { setPartnerStatus } from '../../services/tourism/partners.ts';

/** PUT partners/status/{id} {status, type codes|partner} (admin or the partner's tourism account; 03 §4, §7). */
export const handler = http('PUT partners/status/{id}', async ({ actor, params, body }) => {
  const input = parse(partnerStatusSchema, body);
  const deps = resolve({ users, companies, tourism, audit, clock, newId });
  return json(200, await setPartnerStatus(deps, actor, params.id ?? '', input));
});
