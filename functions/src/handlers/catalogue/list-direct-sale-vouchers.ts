import { resolve, users, voucherReader } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { listDirectSaleVouchers } from '../../services/gifts/direct-sale.ts';

/** GET voucher/direct-sale: the vouchers a seller or its scanner may sell directly, and the gift lock. */
export const handler = http('GET voucher/direct-sale', async ({ actor }) =>
  json(200, await listDirectSaleVouchers(resolve({ users, vouchers: voucherReader }), actor)),
);
