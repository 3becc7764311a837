import { redemptionListQuerySchema } from '@gm/shared/redemption/contracts';
import { orders, redemptions, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listRedemptions } from '../../services/redemption/list-redemptions.ts';

/** GET redemption: the seller's own or (admin) all redemptions, newest first, 9 per page, cursor paging. */
export const handler = http('GET redemption', async ({ actor, query, apiBaseUrl }) => {
  const input = parse(redemptionListQuerySchema, query);
  return json(200, await listRedemptions(resolve({ redemptions, orders }), actor, input, apiBaseUrl));
});
