import { scanRequestSchema } from '@gm/shared/redemption/contracts';
import {
  clock,
  employeeVouchers,
  newId,
  rateLimiter,
  redemptions,
  resolve,
  userReader,
  userVouchers,
  voucherReader,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { scanVoucher } from '../../services/redemption/scan-voucher.ts';

/** POST qr-code/scan {url}: a scanned QR URL or typed code → the voucher (seller and its scanners only). */
export const handler = http('POST qr-code/scan', async ({ actor, body }) => {
  const input = parse(scanRequestSchema, body);
  return json(200, {
    data: await scanVoucher(
      resolve({
        users: userReader,
        userVouchers,
        rateLimiter,
        clock,
        vouchers: voucherReader,
        employeeVouchers,
        redemptions,
        newId,
      }),
      actor,
      input,
    ),
  });
});
