import { resolve, userVouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { resolveQr } from '../../services/wallet/wallet.ts';

/** GET user-voucher/qr/{code} (public) → { voucher_id, user_voucher_id }: where a browser opening a voucher's QR URL goes. */
export const handler = http('GET user-voucher/qr/{code}', async ({ actor, params }) => {
  return json(200, await resolveQr(resolve({ userVouchers }), actor, params.code ?? ''));
});
