import { voucherDeleteResponseSchema, voucherStatusResponseSchema } from '@gm/shared/catalogue/contracts';
import { api } from '../../../lib/api.ts';

/** POST voucher/update-status/{id}: flips is_active; answers the server message and the voucher. */
export function toggleVoucherStatus(id: string) {
  return api.request(`voucher/update-status/${encodeURIComponent(id)}`, {
    method: 'POST',
    schema: voucherStatusResponseSchema,
  });
}

/** DELETE voucher/{id} → { message }. */
export function deleteVoucher(id: string) {
  return api.request(`voucher/${encodeURIComponent(id)}`, { method: 'DELETE', schema: voucherDeleteResponseSchema });
}
