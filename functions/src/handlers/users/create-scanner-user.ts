import { createScannerUserSchema, REDEMPTION_TEXT } from '@gm/shared/redemption/contracts';
import { accountStatus, clock, identity, newId, resolve, scannerStaff, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { createScannerUser } from '../../services/redemption/scanner-users.ts';

/** POST scanner-user {username, email, password}: a scanner user bound to the calling seller. */
export const handler = http('POST scanner-user', async ({ actor, body }) => {
  const input = parse(createScannerUserSchema, body);
  const data = await createScannerUser(
    resolve({ users, scannerStaff, identity, accountStatus, clock, newId }),
    actor.userId,
    input,
  );
  return json(201, { message: REDEMPTION_TEXT.scannerCreated, data });
});
