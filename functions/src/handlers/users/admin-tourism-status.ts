import { audit, clock, companies, newId, resolve, users } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { toggleUserFlag } from '../../services/users/admin-users.ts';

/** PUT user/user-tourism-status/{id} (admin, issue 13): makes a seller a tourism account or not; answers `{ message, user }`. */
export const handler = http('PUT user/user-tourism-status/{id}', async ({ actor, params }) =>
  json(
    200,
    await toggleUserFlag(
      resolve({ users, companies, audit, clock, newId }),
      actor,
      'user-tourism-status',
      params.id ?? '',
    ),
  ),
);
