import { catalogueChanges, clock, resolve, vouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { deleteVoucher } from '../../services/catalogue/delete-voucher.ts';

export const handler = http('DELETE voucher/{id}', async ({ actor, params }) =>
  json(200, await deleteVoucher(resolve({ vouchers, catalogueChanges, clock }), actor, params.id ?? '')),
);
