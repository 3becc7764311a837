import { commissionStatsQuerySchema } from '@gm/shared/payouts/contracts';
import { resolve, sellerInvoices } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { commissionStats } from '../../services/payouts/seller-invoices.ts';

/** GET seller-invoice/commission-stats?from=&to=&seller_id= (admin): sums over the invoices issued in the range. */
export const handler = http('GET seller-invoice/commission-stats', async ({ actor, query }) =>
  json(200, {
    data: await commissionStats(resolve({ sellerInvoices }), actor, parse(commissionStatsQuerySchema, query)),
  }),
);
