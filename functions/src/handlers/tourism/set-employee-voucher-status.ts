import { employeeVoucherStatusRequestSchema } from '@gm/shared/tourism/employee-vouchers';
import { clock, employeeVoucherCache, employeeVouchers, resolve, users, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { setEmployeeVoucherStatus } from '../../services/employee-vouchers/employee-vouchers.ts';

/** PUT employee-voucher/status/{id} {status}: activate or deactivate an employee voucher. */
export const handler = http('PUT employee-voucher/status/{id}', async ({ actor, params, body }) => {
  const input = parse(employeeVoucherStatusRequestSchema, body);
  const deps = resolve({ users, employeeVouchers, employeeVoucherCache, clock, vouchers });
  return json(200, await setEmployeeVoucherStatus(deps, actor, params.id ?? '', input.status));
});
