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
  mailer,
  newId,
  newToken,
  payoutAccounts,
  rateLimiter,
  resolve,
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
      users,
      companies,
      verifications,
      payoutAccounts,
      documents,
      identity,
      mailer,
      clock,
      newId,
      newToken,
      log,
    });
    return json(201, await registerSeller(deps, input, { tenant }));
  }
  const input = parse(registerBuyerRequestSchema, body);
  await assertRegistrationAllowed(resolve({ rateLimiter, clock }), clientIp(event));
  // On a tourism tenant the buyer registers as an employee with a code (issue 13).
  return json(
    201,
    await registerBuyer(resolve({ users, identity, clock, newId, tourism, rateLimiter }), input, {
      tenant,
      ip: clientIp(event),
    }),
  );
});
