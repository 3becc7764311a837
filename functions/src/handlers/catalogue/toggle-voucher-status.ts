import { catalogueChanges, clock, resolve, vouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { toggleVoucherStatus } from '../../services/catalogue/toggle-voucher-status.ts';

export const handler = http('POST voucher/update-status/{id}', async ({ actor, params }) =>
  json(200, await toggleVoucherStatus(resolve({ vouchers, catalogueChanges, clock }), actor, params.id ?? '')),
);
