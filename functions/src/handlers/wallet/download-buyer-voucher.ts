import { downloadBuyerVoucherRequestSchema } from '@gm/shared/wallet/buyer-voucher';
import { buyerVouchers, mediaReader, resolve, templates } from '../../lib/deps.ts';
import { file, http, parse } from '../../lib/http.ts';
import { downloadBuyerVoucher } from '../../services/wallet/buyer-voucher-pdf.ts';

/** POST order/download-buyer-voucher {id} → the buyer-designed voucher as PDF (owner only, 404 otherwise). */
export const handler = http('POST order/download-buyer-voucher', async ({ actor, body }) => {
  const input = parse(downloadBuyerVoucherRequestSchema, body);
  const { filename, pdf } = await downloadBuyerVoucher(
    resolve({ buyerVouchers, templates, mediaReader }),
    actor,
    input.id,
  );
  return file(pdf, 'application/pdf', filename);
});
