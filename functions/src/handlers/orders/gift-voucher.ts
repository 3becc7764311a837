import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { GIFT_TEXT, giftVoucherRequestSchema } from '@gm/shared/wallet/gift';
import {
  appUrl,
  clock,
  companies,
  gifts,
  idempotency,
  mailer,
  mediaReader,
  newId,
  orders,
  resolve,
  log,
  metrics,
  sellerMails,
  templates,
  transfers,
  users,
  userVouchers,
  vouchers,
} from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { giveGift } from '../../services/gifts/gift-voucher.ts';
import { idempotencyKey, requestHash, withIdempotency } from '../../services/idempotency.ts';

/** POST order/gift-voucher: the giver's gift options → one user voucher per unit (a list when bulk). Idempotency-Key required. */
export const handler = http('POST order/gift-voucher', async ({ actor, body, headers }) => {
  const key = idempotencyKey(headers[IDEMPOTENCY_KEY_HEADER]);
  const input = parse(giftVoucherRequestSchema, body);
  const deps = resolve({
    orders,
    gifts,
    userVouchers,
    transfers,
    users,
    vouchers,
    companies,
    templates,
    mediaReader,
    mailer,
    clock,
    newId,
    appUrl,
    idempotency,
    sellerMails,
    log,
    metrics,
  });
  const answer = await withIdempotency(
    deps,
    actor.userId,
    key,
    requestHash('POST order/gift-voucher', body),
    async () => ({ statusCode: 200, body: await giveGift(deps, actor, input) }),
    GIFT_TEXT.inProgress,
  );
  return json(answer.statusCode, answer.body);
});
