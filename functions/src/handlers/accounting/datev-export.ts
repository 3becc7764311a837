import { accountingExportSchema } from '@gm/shared/payouts/accounting';
import { accounting, clock, exportFiles, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { datevExport } from '../../services/payouts/accounting-exports.ts';

/** POST accounting/datev {from, to, chart, seller_id?, view?, consultant_no?, client_no?} → a presigned link to the DATEV Buchungsstapel (seller: own books; admin: platform, one seller or all). */
export const handler = http('POST accounting/datev', async ({ actor, body }) => {
  const input = parse(accountingExportSchema, body);
  return json(200, await datevExport(resolve({ accounting, exportFiles, clock }), actor, input), {
    'cache-control': 'no-store',
  });
});
