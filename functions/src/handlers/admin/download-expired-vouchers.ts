import { clock, platformAdmin, resolve } from '../../lib/deps.ts';
import { file, http } from '../../lib/http.ts';
import { downloadExpiredCsv } from '../../services/admin/expired-vouchers.ts';

/** POST user-voucher/expired/download-csv (admin): the whole expired list as CSV. */
export const handler = http('POST user-voucher/expired/download-csv', async () => {
  const out = await downloadExpiredCsv(resolve({ platformAdmin, clock }));
  return file(out.data, out.contentType, out.filename);
});
