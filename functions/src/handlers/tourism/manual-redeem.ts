import { manualRedeemRequestSchema } from '@gm/shared/tourism/employee-vouchers';
import { clock, employeeVouchers, newId, redemptions, resolve, users, vouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { manualRedeem } from '../../services/employee-vouchers/employee-vouchers.ts';

/** POST employee-voucher/manual-redeem {id, employee_value}: 'Jetzt selbst einlösen'. */
export const handler = http('POST employee-voucher/manual-redeem', async ({ actor, body }) => {
  const input = parse(manualRedeemRequestSchema, body);
  const deps = resolve({ users, vouchers, employeeVouchers, redemptions, clock, newId });
  return json(200, await manualRedeem(deps, actor, input));
});
