import { reverseOrderRequestSchema } from '@gm/shared/admin/orders';
import {
  audit,
  clock,
  gifts,
  mailQueue,
  newId,
  orderAdmin,
  orders,
  paymentRecords,
  resolve,
  users,
  userVouchers,
  log,
} from '../../lib/deps.ts';
import { payments } from '../../lib/deps/payments.ts';
import { http, json, parse } from '../../lib/http.ts';
import { reverseOrder } from '../../services/admin/orders/reverse-order.ts';

/** POST order/reverse-order `{id, reverse: true}` (admin): refund, void the vouchers, Stornorechnung. */
export const handler = http('POST order/reverse-order', async ({ actor, body }) => {
  const input = parse(reverseOrderRequestSchema, body);
  const deps = resolve({
    orderAdmin,
    userVouchers,
    paymentRecords,
    payments,
    users,
    orders,
    audit,
    mailQueue,
    gifts,
    clock,
    newId,
    log,
  });
  return json(200, await reverseOrder(deps, actor, input.id));
});
