import { catalogueChanges, clock, resolve, uploads, vouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { setVoucherBackground } from '../../services/catalogue/set-voucher-background.ts';

export const handler = http('POST voucher/upload-bg-img/{id}', async ({ actor, body, params }) =>
  json(
    200,
    await setVoucherBackground(resolve({ vouchers, catalogueChanges, uploads, clock }), actor, params.id ?? '', body),
  ),
);
