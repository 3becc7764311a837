import { downloadVoucherRequestSchema } from '@gm/shared/wallet/contracts';
import { companies, mediaReader, resolve, templates, users, userVouchers, vouchers } from '../../lib/deps.ts';
import { file, http, parse } from '../../lib/http.ts';
import { downloadVoucher } from '../../services/wallet/wallet-pdfs.ts';

/** POST order/download-voucher {id} → the voucher PDF (owner only); sets sent_via = voucher_download when unset. */
export const handler = http('POST order/download-voucher', async ({ actor, body }) => {
  const input = parse(downloadVoucherRequestSchema, body);
  const { filename, pdf } = await downloadVoucher(
    resolve({ userVouchers, companies, users, vouchers, templates, mediaReader }),
    actor,
    input.id,
  );
  return file(pdf, 'application/pdf', filename);
});
