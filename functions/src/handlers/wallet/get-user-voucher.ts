import { companies, resolve, templates, users, userVouchers, vouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getUserVoucher } from '../../services/wallet/wallet.ts';

/** GET user-voucher/{id} → { user_voucher } with seller info; 404 unless the caller owns it. */
export const handler = http('GET user-voucher/{id}', async ({ actor, params }) => {
  return json(
    200,
    await getUserVoucher(resolve({ userVouchers, templates, companies, users, vouchers }), actor, params.id ?? ''),
  );
});
