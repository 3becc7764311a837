import { employeeCodeStatusSchema } from '@gm/shared/admin/tourism';
import { clock, companies, resolve, tourism, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { setEmployeeCodeStatus } from '../../services/tourism/employee-codes.ts';

/** PUT employee-code/status/{id} {status active|inactive} (03 §4, §7). */
export const handler = http('PUT employee-code/status/{id}', async ({ actor, params, body }) => {
  const { status } = parse(employeeCodeStatusSchema, body);
  return json(
    200,
    await setEmployeeCodeStatus(resolve({ users, companies, tourism, clock }), actor, params.id ?? '', status),
  );
});
