import { contactRequestSchema } from '@gm/shared/contact/contracts';
import { clientIp } from '../../lib/client-ip.ts';
import { clock, contactInbox, contacts, mailQueue, newId, rateLimiter, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { sendContact } from '../../services/catalogue/send-contact.ts';

export const handler = http('POST contact', async ({ body, event }) => {
  const input = parse(contactRequestSchema, body);
  return json(
    200,
    await sendContact(
      resolve({ contacts, mailQueue, rateLimiter, clock, newId, contactInbox }),
      input,
      clientIp(event),
    ),
  );
});
