import { clock, platformAdmin, resolve, sellerInvoices } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { adminOverview } from '../../services/admin/admin-overview.ts';

/** GET admin/overview (admin home): orders today, sellers waiting for activation, open payouts. */
export const handler = http('GET admin/overview', async () =>
  json(200, { data: await adminOverview(resolve({ platformAdmin, sellerInvoices, clock })) }),
);
