import { outstandingVouchersRequestSchema } from '@gm/shared/payouts/accounting';
import { accounting, clock, exportFiles, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { outstandingVouchersExport } from '../../services/payouts/accounting-exports.ts';

/** POST accounting/outstanding-vouchers {at, seller_id?} → a presigned link to the Gutscheinverbindlichkeiten at the end of `at` (seller: own; admin: one seller or all with the platform's sum). */
export const handler = http('POST accounting/outstanding-vouchers', async ({ actor, body }) => {
  const input = parse(outstandingVouchersRequestSchema, body);
  return json(200, await outstandingVouchersExport(resolve({ accounting, exportFiles, clock }), actor, input), {
    'cache-control': 'no-store',
  });
});
