import { directSaleRequestSchema } from '@gm/shared/wallet/gift';
import { salesPause, clock, newId, orders, resolve, users, voucherReader } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { addDirectSaleLine } from '../../services/gifts/direct-sale.ts';

/** POST order/direct-sale: a seller's (or its scanner's) direct-sale line, completed later at 'Bestellung abgeben'. */
export const handler = http('POST order/direct-sale', async ({ actor, body }) => {
  const input = parse(directSaleRequestSchema, body);
  return json(
    201,
    await addDirectSaleLine(
      resolve({ users, vouchers: voucherReader, orders, salesPause, clock, newId }),
      actor,
      input,
    ),
  );
});
