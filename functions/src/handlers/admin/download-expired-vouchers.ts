import { clock, exportFiles, platformAdmin, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { downloadExpiredCsv } from '../../services/admin/expired-vouchers.ts';

/** POST user-voucher/expired/download-csv (admin): the whole expired list as CSV, answered as a presigned link `{url, expires_in, filename}`. */
export const handler = http('POST user-voucher/expired/download-csv', async ({ actor }) =>
  json(200, await downloadExpiredCsv(resolve({ platformAdmin, clock, exportFiles }), actor), {
    'cache-control': 'no-store',
  }),
);
