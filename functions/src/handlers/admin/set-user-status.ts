import { userStatusRequestSchema } from '@gm/shared/admin/seller-activation';
import {
  accountStatus,
  activations,
  appUrl,
  audit,
  catalogueChanges,
  clock,
  companies,
  mailQueue,
  newId,
  profiles,
  resolve,
  users,
  verifications,
  vouchers,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { setUserStatus } from '../../services/admin/user-status.ts';

/** PUT user/user-status/{id} (admin): activates or deactivates a user; for a seller, its activation to sell. */
export const handler = http('PUT user/user-status/{id}', async ({ actor, params, body }) => {
  const input = parse(userStatusRequestSchema, body);
  const deps = resolve({
    users,
    companies,
    verifications,
    activations,
    accountStatus,
    audit,
    vouchers,
    profiles,
    catalogueChanges,
    mailQueue,
    appUrl,
    clock,
    newId,
  });
  return json(200, await setUserStatus(deps, actor, params.id ?? '', input));
});
