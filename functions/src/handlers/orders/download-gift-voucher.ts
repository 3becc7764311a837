import { downloadGiftVoucherRequestSchema } from '@gm/shared/wallet/gift';
import {
  companies,
  gifts,
  mediaReader,
  orders,
  resolve,
  templates,
  users,
  userVouchers,
  vouchers,
} from '../../lib/deps.ts';
import { file, http, parse } from '../../lib/http.ts';
import { downloadGiftVoucher } from '../../services/gifts/gift-order.ts';

/** POST order/download-gift-voucher {order_id, id} → the PDF of one printed gift unit ('Ausgedruckt'), for its giver. */
export const handler = http('POST order/download-gift-voucher', async ({ actor, body }) => {
  const input = parse(downloadGiftVoucherRequestSchema, body);
  const { pdf, filename } = await downloadGiftVoucher(
    resolve({ orders, users, gifts, userVouchers, companies, vouchers, templates, mediaReader }),
    actor,
    input,
  );
  return file(pdf, 'application/pdf', filename);
});
