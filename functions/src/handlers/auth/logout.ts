import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { audit, clock, impersonationSessions, newId, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { endImpersonation } from '../../services/auth/change-role.ts';

/**
 * Cognito ID tokens are stateless: the web forgets them on logout (cognito-local lacks
 * GlobalSignOut, and refresh tokens are never handed to the browser). An impersonation token's
 * session is ended here, so the token stops working at once (issue 11, the way back).
 */
export const handler = http('POST auth/logout', async ({ actor }) => {
  if (actor?.impersonatedBy) await endImpersonation(resolve({ impersonationSessions, audit, clock, newId }), actor);
  return json(200, { message: AUTH_TEXT.loggedOut });
});
