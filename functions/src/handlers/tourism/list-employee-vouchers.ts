import { employeeVoucherListQuerySchema } from '@gm/shared/tourism/employee-vouchers';
import { employeeVouchers, resolve, users, log } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listEmployeeVouchers } from '../../services/employee-vouchers/employee-vouchers.ts';

/** GET employee-voucher/all?pagination&page&keyword: the tourism account's own employee vouchers (admin: all). */
export const handler = http('GET employee-voucher/all', async ({ actor, query, apiBaseUrl }) => {
  const input = parse(employeeVoucherListQuerySchema, query);
  return json(200, await listEmployeeVouchers(resolve({ users, employeeVouchers, log }), actor, input, apiBaseUrl));
});
