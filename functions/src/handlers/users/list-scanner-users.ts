import { resolve, scannerStaff } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { listScannerUsers } from '../../services/redemption/scanner-users.ts';

/** GET scanner-user: the calling seller's scanner users. */
export const handler = http('GET scanner-user', async ({ actor }) =>
  json(200, { data: await listScannerUsers(resolve({ scannerStaff }), actor.userId) }),
);
