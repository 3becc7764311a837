import { unsubscribeRequestSchema } from '@gm/shared/admin/seller-mails';
import { clock, hashToken, resolve, sellerMails } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { unsubscribeFromReminders } from '../../services/seller-mails/expiry-reminders.ts';

/** POST reminders/unsubscribe (public, issue 12): the token of a reminder mail's link → no more expiry reminders. */
export const handler = http('POST reminders/unsubscribe', async ({ body }) => {
  const input = parse(unsubscribeRequestSchema, body);
  return json(200, await unsubscribeFromReminders(resolve({ sellerMails, hashToken, clock }), input.token));
});
