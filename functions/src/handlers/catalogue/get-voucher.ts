import { resolve, vouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getVoucher } from '../../services/catalogue/get-voucher.ts';

export const handler = http('GET voucher/{id}', async ({ actor, params }) => json(200, await getVoucher(resolve({ vouchers }), actor, params.id ?? '')));
