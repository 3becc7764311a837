import { voucherSchema } from '@gm/shared/catalogue/contracts';
import type { VoucherForm } from '@gm/shared/catalogue/voucher-form';
import { api } from '../../../lib/api.ts';

/** POST voucher (create, 201) or POST voucher/{id} (update): the whole builder form, money in cents. */
export function saveVoucher(id: string | undefined, form: VoucherForm) {
  const path = id ? `voucher/${encodeURIComponent(id)}` : 'voucher';
  return api.request(path, { method: 'POST', body: form, schema: voucherSchema });
}
