import { guestRetrievalRequestSchema } from '@gm/shared/wallet/contracts';
import { clientIp } from '../../lib/client-ip.ts';
import { clock, mailQueue, rateLimiter, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { retrieveGuestVouchers } from '../../services/wallet/wallet.ts';

/**
 * POST retrieve/guest-vouchers {email} → { message }: queues the mail of the guest's vouchers; the same
 * answer, in the same time, for any address; rate-limited.
 */
export const handler = http('POST retrieve/guest-vouchers', async ({ body, event }) => {
  const input = parse(guestRetrievalRequestSchema, body);
  return json(200, await retrieveGuestVouchers(resolve({ rateLimiter, mailQueue, clock }), input, clientIp(event)));
});
