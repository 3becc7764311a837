import { resolve, voucherFormProviders } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { createVoucher } from '../../services/catalogue/save-voucher.ts';

/** The form is validated in the service: its minimum price depends on the seller's settings. */
export const handler = http('POST voucher', async ({ actor, body }) =>
  json(201, await createVoucher(resolve(voucherFormProviders), actor, body)),
);
