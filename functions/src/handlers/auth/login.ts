import { loginRequestSchema } from '@gm/shared/auth/contracts';
import { clientIp } from '../../lib/client-ip.ts';
import { clock, companies, identity, rateLimiter, resolve, sessions, users, wishlist } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { http, json, parse } from '../../lib/http.ts';
import { cookieIsSecure, sessionCookie } from '../../lib/session-cookie.ts';
import { login } from '../../services/auth/login.ts';
import { SESSION_SECONDS } from '../../services/auth/sessions.ts';

/** The answer carries the one-hour ID token; the session cookie lets the web renew it for 30 days (issue 14). */
export const handler = http('POST auth/login', async ({ body, event }) => {
  const input = parse(loginRequestSchema, body);
  const deps = resolve({ users, companies, identity, wishlist, rateLimiter, sessions, clock });
  const { answer, session } = await login(deps, input, clientIp(event));
  return json(200, answer, {}, [sessionCookie(session, SESSION_SECONDS, cookieIsSecure(env().APP_URL))]);
});
