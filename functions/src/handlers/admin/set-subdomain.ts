import { subdomainUpdateSchema } from '@gm/shared/admin/platform';
import { audit, clock, newId, platformAdmin, resolve, tenantShops, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { setSubdomain } from '../../services/admin/subdomains.ts';

/** PUT user/company/update/{sellerId} {name} (admin): assigns, renames or (empty name) removes the shop's subdomain. */
export const handler = http('PUT user/company/update/{id}', async ({ actor, body, params }) => {
  const { name } = parse(subdomainUpdateSchema, body ?? {});
  const answer = await setSubdomain(
    resolve({ users, platformAdmin, audit, clock, newId }),
    actor,
    params.id ?? '',
    name,
  );
  // This container's tenant shop cache forgets the old name at once; others within their TTL (issue 13).
  tenantShops().invalidate();
  return json(200, answer);
});
