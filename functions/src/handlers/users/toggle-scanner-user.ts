import { accountStatus, clock, identity, newId, resolve, scannerStaff, users } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { toggleScannerUser } from '../../services/redemption/scanner-users.ts';

/** DELETE scanner-user/{id}: activates or deactivates one of the calling seller's scanner users. */
export const handler = http('DELETE scanner-user/{id}', async ({ actor, params }) =>
  json(
    200,
    await toggleScannerUser(
      resolve({ users, scannerStaff, identity, accountStatus, clock, newId }),
      actor.userId,
      params.id ?? '',
    ),
  ),
);
