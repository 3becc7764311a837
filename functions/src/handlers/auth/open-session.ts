import { AUTH_TEXT, socialSessionRequestSchema } from '@gm/shared/auth/contracts';
import { clock, identity, resolve, sessions } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { http, json, parse } from '../../lib/http.ts';
import { cookieIsSecure, sessionCookie } from '../../lib/session-cookie.ts';
import { openSocialSession, SESSION_SECONDS } from '../../services/auth/sessions.ts';

/** After a social sign-in: its refresh token becomes the 30-day session cookie (issue 14). */
export const handler = http('POST auth/session', async ({ actor, body }) => {
  const input = parse(socialSessionRequestSchema, body);
  const session = await openSocialSession(resolve({ sessions, identity, clock }), actor, input.refresh_token);
  return json(200, { message: AUTH_TEXT.sessionStarted }, {}, [
    sessionCookie(session, SESSION_SECONDS, cookieIsSecure(env().APP_URL)),
  ]);
});
