import { WEBSITE_TEXT } from '@gm/shared/tenant/website-configuration';
import {
  clock,
  companies,
  newToken,
  profiles,
  resolve,
  tenantShops,
  uploads,
  users,
  voucherReader,
} from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { saveWebsiteConfiguration } from '../../services/users/website-configuration.ts';

/** PUT user/website-configuration (seller): saves the own voucher website; the tenant shows it within the cache time. */
export const handler = http('PUT user/website-configuration', async ({ actor, body }) => {
  const deps = resolve({ users, companies, uploads, profiles, vouchers: voucherReader, tenantShops, clock, newToken });
  return json(200, { message: WEBSITE_TEXT.saved, data: await saveWebsiteConfiguration(deps, actor, body) });
});
