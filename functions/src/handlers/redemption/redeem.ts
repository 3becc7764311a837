import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { REDEMPTION_TEXT, redeemRequestSchema } from '@gm/shared/redemption/contracts';
import { clock, redemptions, resolve, userReader, userVouchers, metrics } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { idempotencyKey } from '../../services/idempotency.ts';
import { redeem } from '../../services/redemption/redeem.ts';

/** POST redemption {order_id, value | qty, confirm_expired?}: one ledger entry per Idempotency-Key (required). */
export const handler = http('POST redemption', async ({ actor, body, headers }) => {
  const key = idempotencyKey(headers[IDEMPOTENCY_KEY_HEADER]);
  const input = parse(redeemRequestSchema, body);
  const { replayed, redemption } = await redeem(
    resolve({ users: userReader, userVouchers, redemptions, clock, metrics }),
    actor,
    key,
    input,
  );
  return json(replayed ? 200 : 201, { message: REDEMPTION_TEXT.redeemed, data: redemption });
});
