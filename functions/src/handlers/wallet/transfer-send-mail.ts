import { transferSendMailRequestSchema } from '@gm/shared/wallet/transfer';
import {
  appUrl,
  buyerVouchers,
  clock,
  mailQueue,
  rateLimiter,
  resolve,
  transfers,
  users,
  userVouchers,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { sendShareLinkMail } from '../../services/wallet/send-voucher-mail.ts';
import { sendBuyerShareLinkMail } from '../../services/wallet/buyer-transfer.ts';

/** POST transfer/transfer-send-mail {id, email}: mails the share link (built on the server) with the fixed gift text. */
export const handler = http('POST transfer/transfer-send-mail', async ({ actor, body }) => {
  const input = parse(transferSendMailRequestSchema, body);
  const deps = resolve({ userVouchers, buyerVouchers, transfers, users, clock, appUrl, mailQueue, rateLimiter });
  return json(
    200,
    input.type === 'buyer'
      ? await sendBuyerShareLinkMail(deps, actor, input)
      : await sendShareLinkMail(deps, actor, input),
  );
});
