import { runPayoutRequestSchema } from '@gm/shared/payouts/contracts';
import {
  audit,
  clock,
  companies,
  documents,
  newId,
  payments,
  payoutAccounts,
  payoutRuns,
  resolve,
  settings,
  users,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { runPayoutNow } from '../../services/payouts/run-payout-now.ts';

/** POST seller-invoice `{seller_id}` (admin, 'Jetzt abrechnen'): the payout run of one seller now → 201 with the invoice. */
export const handler = http('POST seller-invoice', async ({ actor, body }) => {
  const input = parse(runPayoutRequestSchema, body);
  const deps = resolve({
    payoutRuns,
    payoutAccounts,
    companies,
    users,
    settings,
    payments,
    documents,
    clock,
    newId,
    audit,
  });
  return json(201, await runPayoutNow(deps, actor, input));
});
