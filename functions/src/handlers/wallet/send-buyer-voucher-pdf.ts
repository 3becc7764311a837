import { sendVoucherMailRequestSchema } from '@gm/shared/wallet/transfer';
import {
  appUrl,
  buyerVouchers,
  clock,
  mailQueue,
  mediaReader,
  rateLimiter,
  resolve,
  templates,
  transfers,
  users,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { sendBuyerVoucherMail } from '../../services/wallet/buyer-transfer.ts';

/** POST order/send-buyer-voucher-pdf {id, email, subject, text}: mails the buyer-designed voucher's PDF and a link into the recipient's wallet. */
export const handler = http('POST order/send-buyer-voucher-pdf', async ({ actor, body }) => {
  const input = parse(sendVoucherMailRequestSchema, body);
  const deps = resolve({
    buyerVouchers,
    transfers,
    users,
    clock,
    appUrl,
    mailQueue,
    rateLimiter,
    templates,
    mediaReader,
  });
  return json(200, await sendBuyerVoucherMail(deps, actor, input));
});
