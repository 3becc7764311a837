import { REDEMPTION_TEXT, redemptionIdRequestSchema } from '@gm/shared/redemption/contracts';
import { clock, newId, redemptions, resolve, userVouchers, metrics } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { revokeRedemption } from '../../services/redemption/revoke.ts';

/** POST redemption/revoke {id}: the seller's own redemptions, an admin any; exactly once. */
export const handler = http('POST redemption/revoke', async ({ actor, body }) => {
  const { id } = parse(redemptionIdRequestSchema, body);
  const data = await revokeRedemption(resolve({ redemptions, userVouchers, clock, newId, metrics }), actor, id);
  return json(200, { message: REDEMPTION_TEXT.revokeDone, data });
});
