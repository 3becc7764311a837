import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { receiveTransferRequestSchema, TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { appUrl, clock, idempotency, resolve, transfers, users, userVouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { idempotencyKey, requestHash, withIdempotency } from '../../services/idempotency.ts';
import { receiveTransfer } from '../../services/wallet/share-links.ts';

/** POST transfer {id}: the logged-in buyer receives the voucher behind a share link. Idempotency-Key required. */
export const handler = http('POST transfer', async ({ actor, body, headers }) => {
  const key = idempotencyKey(headers[IDEMPOTENCY_KEY_HEADER]);
  const input = parse(receiveTransferRequestSchema, body);
  const deps = resolve({ userVouchers, transfers, users, clock, appUrl, idempotency });
  const answer = await withIdempotency(
    deps,
    actor.userId,
    key,
    requestHash('POST transfer', body),
    async () => ({ statusCode: 200, body: await receiveTransfer(deps, actor, input.id) }),
    TRANSFER_TEXT.inProgress,
  );
  return json(answer.statusCode, answer.body);
});
