import { changeRoleRequestSchema } from '@gm/shared/admin/impersonation';
import {
  audit,
  clock,
  companies,
  hashToken,
  impersonationKeys,
  impersonationSessions,
  newId,
  resolve,
  users,
  wishlist,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { changeRole } from '../../services/auth/change-role.ts';

/** POST auth/change-role (03 §2, §7): the admin takes the chosen user's role; answers { token, user }. */
export const handler = http('POST auth/change-role', async ({ actor, body }) => {
  const input = parse(changeRoleRequestSchema, body);
  const deps = resolve({
    users,
    companies,
    wishlist,
    audit,
    impersonationSessions,
    impersonationKeys,
    hashToken,
    clock,
    newId,
  });
  return json(200, await changeRole(deps, actor, input));
});
