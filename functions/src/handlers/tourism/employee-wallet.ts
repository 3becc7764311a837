import { employeeWalletQuerySchema } from '@gm/shared/tourism/employee-vouchers';
import { clock, employeeVoucherCache, employeeVouchers, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { employeeWallet } from '../../services/employee-vouchers/employee-vouchers.ts';

/** GET employee-voucher/wallet?category: the employee's wallet of employee vouchers. */
export const handler = http('GET employee-voucher/wallet', async ({ actor, query }) => {
  const input = parse(employeeWalletQuerySchema, query);
  const deps = resolve({ users, employeeVouchers, employeeVoucherCache, clock });
  return json(200, await employeeWallet(deps, actor, input.category));
});
