import { buyerVoucherIdSchema } from '@gm/shared/wallet/buyer-voucher';
import { buyerVouchers, resolve, templates } from '../../lib/deps.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { http, json } from '../../lib/http.ts';
import { getBuyerVoucher } from '../../services/wallet/buyer-vouchers.ts';

/** GET buyer-voucher/{id}: one of the caller's buyer-designed vouchers (404 for anyone else). */
export const handler = http('GET buyer-voucher/{id}', async ({ actor, params }) => {
  const id = buyerVoucherIdSchema.safeParse(params.id);
  if (!id.success) throw new NotFoundError(id.error.issues[0]?.message);
  return json(200, { data: await getBuyerVoucher(resolve({ buyerVouchers, templates }), actor, id.data) });
});
