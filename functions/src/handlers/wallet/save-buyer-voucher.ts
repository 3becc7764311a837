import { buyerVoucherIdSchema, saveBuyerVoucherRequestSchema } from '@gm/shared/wallet/buyer-voucher';
import { buyerVouchers, clock, newToken, resolve, templates, uploads } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { saveBuyerVoucher } from '../../services/wallet/buyer-vouchers.ts';

/** POST buyer-voucher/{id}: create (version 0) or update the caller's buyer-designed voucher. */
export const handler = http('POST buyer-voucher/{id}', async ({ actor, body, params }) => {
  const id = buyerVoucherIdSchema.safeParse(params.id);
  if (!id.success) throw new NotFoundError(id.error.issues[0]?.message);
  const input = parse(saveBuyerVoucherRequestSchema, body);
  return json(200, {
    data: await saveBuyerVoucher(
      resolve({ buyerVouchers, templates, uploads, newToken, clock }),
      actor,
      id.data,
      input,
    ),
  });
});
