import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { audit, clock, identity, impersonationSessions, log, newId, resolve, sessions } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { http, json } from '../../lib/http.ts';
import { clearedSessionCookie, cookieIsSecure, sessionCookieOf } from '../../lib/session-cookie.ts';
import { endImpersonation } from '../../services/auth/change-role.ts';
import { endSession } from '../../services/auth/sessions.ts';

/**
 * With an impersonation token: the way back (issue 11). The token's session is ended at once; the
 * admin's own session (its cookie travels along) stays. Otherwise the sign-in session ends: its
 * refresh token is revoked, its cookie cleared, and the user's ID tokens issued so far are refused
 * (issue 14).
 */
export const handler = http('POST auth/logout', async ({ actor, event }) => {
  if (actor?.impersonatedBy) {
    await endImpersonation(resolve({ impersonationSessions, audit, clock, newId }), actor);
    return json(200, { message: AUTH_TEXT.loggedOut });
  }
  await endSession(resolve({ sessions, identity, clock, log }), actor, sessionCookieOf(event));
  return json(200, { message: AUTH_TEXT.loggedOut }, {}, [clearedSessionCookie(cookieIsSecure(env().APP_URL))]);
});
