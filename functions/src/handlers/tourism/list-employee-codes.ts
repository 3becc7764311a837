import { employeeCodeListQuerySchema } from '@gm/shared/admin/tourism';
import { clock, companies, resolve, tourism, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listEmployeeCodes } from '../../services/tourism/employee-codes.ts';

/** GET employee-code/all (tourism account: its codes, optionally one partner's; partner: its own; 03 §7). */
export const handler = http('GET employee-code/all', async ({ actor, query, apiBaseUrl }) => {
  const input = parse(employeeCodeListQuerySchema, query);
  return json(200, await listEmployeeCodes(resolve({ users, companies, tourism, clock }), actor, input, apiBaseUrl));
});
