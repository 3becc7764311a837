import { personaliseRequestSchema } from '@gm/shared/wallet/personalisation';
import { clock, newToken, personalisations, resolve, templates, uploads, userVouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { personaliseVoucher } from '../../services/wallet/personalise-voucher.ts';

/** POST user-voucher/{id}: save the personalisation form (owner only, active, optimistic version). */
export const handler = http('POST user-voucher/{id}', async ({ actor, body, params }) => {
  const input = parse(personaliseRequestSchema, body);
  return json(
    200,
    await personaliseVoucher(
      resolve({ userVouchers, personalisations, templates, uploads, newToken, clock }),
      actor,
      params.id ?? '',
      input,
    ),
  );
});
