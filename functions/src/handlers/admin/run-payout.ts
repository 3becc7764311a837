import { runPayoutRequestSchema } from '@gm/shared/payouts/contracts';
import { audit, resolve } from '../../lib/deps.ts';
import { payoutRunProviders } from '../../lib/deps/payments.ts';
import { http, json, parse } from '../../lib/http.ts';
import { runPayoutNow } from '../../services/payouts/run-payout-now.ts';

/** POST seller-invoice `{seller_id}` (admin, 'Jetzt abrechnen'): the payout run of one seller now → 201 with the invoice. */
export const handler = http('POST seller-invoice', async ({ actor, body }) => {
  const input = parse(runPayoutRequestSchema, body);
  return json(201, await runPayoutNow(resolve({ ...payoutRunProviders, audit }), actor, input));
});
