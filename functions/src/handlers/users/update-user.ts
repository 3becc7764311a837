import {
  audit,
  clock,
  companies,
  documents,
  identity,
  newId,
  newToken,
  payoutAccounts,
  profiles,
  resolve,
  uploads,
  users,
  verifications,
  voucherReader,
  log,
} from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { updateProfile } from '../../services/profile/update-profile.ts';

/** POST user/{id}: saves one profile tab (the body is parsed by the profile's role inside the service). */
export const handler = http('POST user/{id}', async ({ actor, params, body }) => {
  const deps = resolve({
    users,
    audit,
    companies,
    verifications,
    payoutAccounts,
    profiles,
    uploads,
    documents,
    vouchers: voucherReader,
    identity,
    clock,
    newId,
    newToken,
    log,
  });
  return json(200, await updateProfile(deps, actor, params.id ?? '', body));
});
