import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { clock, identity, resolve, sessions, users } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { http, json } from '../../lib/http.ts';
import { clearedSessionCookie, cookieIsSecure, sessionCookieOf } from '../../lib/session-cookie.ts';
import { refreshSession } from '../../services/auth/sessions.ts';

/** A new ID token for the session cookie (issue 14); 401 and the cookie cleared when the session is over. */
export const handler = http('POST auth/refresh', async ({ event }) => {
  const renewed = await refreshSession(resolve({ sessions, identity, users, clock }), sessionCookieOf(event));
  if (renewed) return json(200, renewed);
  return json(401, { message: AUTH_TEXT.sessionEnded }, {}, [clearedSessionCookie(cookieIsSecure(env().APP_URL))]);
});
