import { guestRetrievalRequestSchema } from '@gm/shared/wallet/contracts';
import { clientIp } from '../../lib/client-ip.ts';
import {
  appUrl,
  clock,
  companies,
  mailer,
  mediaReader,
  rateLimiter,
  resolve,
  templates,
  users,
  userVouchers,
  vouchers,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { retrieveGuestVouchers } from '../../services/wallet/wallet.ts';

/** POST retrieve/guest-vouchers {email} → { message }: mails the guest's vouchers; the same answer for any address; rate-limited. */
export const handler = http('POST retrieve/guest-vouchers', async ({ body, event }) => {
  const input = parse(guestRetrievalRequestSchema, body);
  const deps = resolve({
    userVouchers,
    rateLimiter,
    mailer,
    clock,
    appUrl,
    companies,
    users,
    vouchers,
    templates,
    mediaReader,
  });
  return json(200, await retrieveGuestVouchers(deps, input, clientIp(event)));
});
