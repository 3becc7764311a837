import { orderAdmin, paymentRecords, resolve, userReader, userVouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getAdminOrder } from '../../services/admin/orders/manage-orders.ts';

/** GET order/{id} (admin): the order line with its payment, invoice numbers and user vouchers. */
export const handler = http('GET order/{id}', async ({ params }) =>
  json(200, {
    data: await getAdminOrder(
      resolve({ orderAdmin, users: userReader, paymentRecords, userVouchers }),
      params.id ?? '',
    ),
  }),
);
