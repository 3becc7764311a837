import { catalogueChanges, clock, resolve, vouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { toggleVoucherFeature } from '../../services/admin/featured-vouchers.ts';

export const handler = http('POST voucher/update-feature/{id}', async ({ actor, params }) =>
  json(200, await toggleVoucherFeature(resolve({ vouchers, catalogueChanges, clock }), actor, params.id ?? '')),
);
