import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { receiveTransferRequestSchema, TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { appUrl, buyerVouchers, clock, idempotency, resolve, transfers, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { idempotencyKey, requestHash, withIdempotency } from '../../services/idempotency.ts';
import { receiveBuyerTransfer } from '../../services/wallet/buyer-transfer.ts';

/** POST buyer-transfer {id}: the logged-in buyer receives the buyer-designed voucher behind a share link. Idempotency-Key required. */
export const handler = http('POST buyer-transfer', async ({ actor, body, headers }) => {
  const key = idempotencyKey(headers[IDEMPOTENCY_KEY_HEADER]);
  const input = parse(receiveTransferRequestSchema, body);
  const deps = resolve({ buyerVouchers, transfers, users, clock, appUrl, idempotency });
  const answer = await withIdempotency(
    deps,
    actor.userId,
    key,
    requestHash('POST buyer-transfer', body),
    async () => ({ statusCode: 200, body: await receiveBuyerTransfer(deps, actor, input.id) }),
    TRANSFER_TEXT.inProgress,
  );
  return json(answer.statusCode, answer.body);
});
