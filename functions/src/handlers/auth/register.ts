import { registerBuyerRequestSchema } from '@gm/shared/auth/contracts';
import {
  isSellerRegistration,
  registrationModeOf,
  sellerRegistrationSchema,
} from '@gm/shared/auth/seller-registration';
import { clientIp } from '../../lib/client-ip.ts';
import {
  clock,
  companies,
  documents,
  identity,
  mailQueue,
  newId,
  newToken,
  payoutAccounts,
  rateLimiter,
  resolve,
  sessions,
  tourism,
  users,
  verifications,
  log,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { registerBuyer } from '../../services/auth/register-buyer.ts';
import { assertRegistrationAllowed } from '../../services/auth/registration-limit.ts';
import { registerSeller } from '../../services/auth/register-seller.ts';
import { SESSION_SECONDS, type SignedIn } from '../../services/auth/sessions.ts';
import { env } from '../../lib/env.ts';
import { cookieIsSecure, sessionCookie } from '../../lib/session-cookie.ts';

/**
 * Buyers send JSON or form data; sellers (role_id 2, optionally registrationType=partner) send form data with their ID photos.
 * Both count against the per-IP registration limit once their form is valid.
 */
export const handler = http('POST auth/register', async ({ body, event, tenant }) => {
  if (isSellerRegistration(body)) {
    const mode = registrationModeOf((body as { registrationType?: unknown }).registrationType);
    const input = parse(sellerRegistrationSchema<UploadedFile>(mode), body);
    await assertRegistrationAllowed(resolve({ rateLimiter, clock }), clientIp(event));
    const deps = resolve({
      sessions,
      users,
      companies,
      verifications,
      payoutAccounts,
      documents,
      identity,
      mailQueue,
      clock,
      newId,
      newToken,
      log,
    });
    return signedIn(await registerSeller(deps, input, { tenant }));
  }
  const input = parse(registerBuyerRequestSchema, body);
  await assertRegistrationAllowed(resolve({ rateLimiter, clock }), clientIp(event));
  // On a tourism tenant the buyer registers as an employee with a code (issue 13).
  return signedIn(
    await registerBuyer(resolve({ users, identity, sessions, clock, newId, tourism, rateLimiter }), input, {
      tenant,
      ip: clientIp(event),
    }),
  );
});

/** 201 with the new account's session cookie: a registration signs in like a login (issue 14). */
function signedIn({ answer, session }: SignedIn<unknown>) {
  return json(201, answer, {}, [sessionCookie(session, SESSION_SECONDS, cookieIsSecure(env().APP_URL))]);
}
