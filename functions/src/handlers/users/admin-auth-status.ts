import { audit, clock, companies, newId, resolve, users } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { toggleUserFlag } from '../../services/users/admin-users.ts';

/** PUT user-auth-status/{id} (admin, 03 §2, §7): flips the switch; answers `{ message, user }`. */
export const handler = http('PUT user/user-auth-status/{id}', async ({ actor, params }) =>
  json(
    200,
    await toggleUserFlag(
      resolve({ users, companies, audit, clock, newId }),
      actor,
      'user-auth-status',
      params.id ?? '',
    ),
  ),
);
