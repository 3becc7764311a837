import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { http, json } from '../../lib/http.ts';

/**
 * Tokens are stateless ID tokens that the web forgets on logout; there is no server session to end
 * (cognito-local lacks GlobalSignOut, and refresh tokens are never handed to the browser).
 */
export const handler = http('POST auth/logout', async () => json(200, { message: AUTH_TEXT.loggedOut }));
