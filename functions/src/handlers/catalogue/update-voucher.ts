import { resolve, voucherFormProviders } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { updateVoucher } from '../../services/catalogue/save-voucher.ts';

/** The form is validated in the service: its minimum price depends on the seller's settings. */
export const handler = http('POST voucher/{id}', async ({ actor, body, params }) =>
  json(200, await updateVoucher(resolve(voucherFormProviders), actor, params.id ?? '', body)),
);
