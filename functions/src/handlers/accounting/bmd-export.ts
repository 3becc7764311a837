import { accountingExportSchema } from '@gm/shared/payouts/accounting';
import { accounting, clock, exportFiles, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { bmdExport } from '../../services/payouts/accounting-exports.ts';

/** POST accounting/bmd {from, to, chart, seller_id?, view?, consultant_no?, client_no?} → a presigned link to the BMD booking import (seller: own books; admin: platform, one seller or all). */
export const handler = http('POST accounting/bmd', async ({ actor, body }) => {
  const input = parse(accountingExportSchema, body);
  return json(200, await bmdExport(resolve({ accounting, exportFiles, clock }), actor, input), {
    'cache-control': 'no-store',
  });
});
