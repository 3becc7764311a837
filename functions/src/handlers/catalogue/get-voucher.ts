import { voucherDetailQuerySchema } from '@gm/shared/catalogue/contracts';
import { resolve, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { getVoucher } from '../../services/catalogue/get-voucher.ts';

export const handler = http('GET voucher/{id}', async ({ actor, params, query }) => {
  const { with_stat } = parse(voucherDetailQuerySchema, query);
  return json(200, await getVoucher(resolve({ vouchers }), actor, params.id ?? '', { withStats: with_stat }));
});
