import { personaliseByBodyRequestSchema, personaliseRequestSchema } from '@gm/shared/wallet/personalisation';
import { clock, newToken, personalisations, resolve, templates, uploads, userVouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { personaliseVoucher } from '../../services/wallet/personalise-voucher.ts';

/** POST user-voucher {id, …form}: the spec's other shape of the personalise save (01 §7). */
export const handler = http('POST user-voucher', async ({ actor, body }) => {
  const { id } = parse(personaliseByBodyRequestSchema, body);
  const input = parse(personaliseRequestSchema, body);
  return json(
    200,
    await personaliseVoucher(
      resolve({ userVouchers, personalisations, templates, uploads, newToken, clock }),
      actor,
      id,
      input,
    ),
  );
});
