import { subdomainUpdateSchema } from '@gm/shared/admin/platform';
import { audit, clock, newId, platformAdmin, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { setSubdomain } from '../../services/admin/subdomains.ts';

/** PUT user/company/update/{sellerId} {name} (admin): assigns, renames or (empty name) removes the shop's subdomain. */
export const handler = http('PUT user/company/update/{id}', async ({ actor, body, params }) => {
  const { name } = parse(subdomainUpdateSchema, body ?? {});
  return json(
    200,
    await setSubdomain(resolve({ users, platformAdmin, audit, clock, newId }), actor, params.id ?? '', name),
  );
});
