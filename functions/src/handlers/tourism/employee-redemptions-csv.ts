import { companies, employeeVouchers, resolve, users } from '../../lib/deps.ts';
import { file, http } from '../../lib/http.ts';
import { employeeRedemptionsCsv } from '../../services/employee-vouchers/employee-vouchers.ts';

/** GET employee-voucher/redemptions-csv[?tourism_id=…]: the tourism account's employee redemptions as CSV. */
export const handler = http('GET employee-voucher/redemptions-csv', async ({ actor, query }) => {
  const tourismId = typeof query.tourism_id === 'string' ? query.tourism_id.slice(0, 64) : undefined;
  const bytes = await employeeRedemptionsCsv(resolve({ users, employeeVouchers, companies }), actor, tourismId);
  return file(bytes, 'text/csv; charset=utf-8', 'mitarbeiter-einloesungen.csv');
});
