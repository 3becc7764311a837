import { employeeValueRequestSchema } from '@gm/shared/tourism/employee-vouchers';
import { clock, employeeVoucherCache, employeeVouchers, resolve, users, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { setEmployeeValue } from '../../services/employee-vouchers/employee-vouchers.ts';

/** PUT employee-voucher/value/{id} {id, value}: edit the free-text employee value. */
export const handler = http('PUT employee-voucher/value/{id}', async ({ actor, params, body }) => {
  const input = parse(employeeValueRequestSchema, body);
  const deps = resolve({ users, employeeVouchers, employeeVoucherCache, clock, vouchers });
  return json(200, await setEmployeeValue(deps, actor, params.id ?? '', input.value));
});
