import { sendVoucherMailRequestSchema } from '@gm/shared/wallet/transfer';
import {
  appUrl,
  clock,
  companies,
  mailQueue,
  mediaReader,
  rateLimiter,
  resolve,
  templates,
  transfers,
  users,
  userVouchers,
  vouchers,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { sendVoucherMail } from '../../services/wallet/send-voucher-mail.ts';

/** POST order/send-voucher-pdf {id, email, subject, text}: mails the voucher PDF and a link into the recipient's wallet; sent_via = email. */
export const handler = http('POST order/send-voucher-pdf', async ({ actor, body }) => {
  const input = parse(sendVoucherMailRequestSchema, body);
  const deps = resolve({
    userVouchers,
    transfers,
    users,
    clock,
    appUrl,
    companies,
    vouchers,
    templates,
    mediaReader,
    mailQueue,
    rateLimiter,
  });
  return json(200, await sendVoucherMail(deps, actor, input));
});
