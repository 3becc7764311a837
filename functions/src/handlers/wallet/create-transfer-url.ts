import { createTransferUrlRequestSchema } from '@gm/shared/wallet/transfer';
import { appUrl, buyerVouchers, clock, resolve, transfers, users, userVouchers } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { createBuyerShareLink } from '../../services/wallet/buyer-transfer.ts';
import { createShareLink } from '../../services/wallet/share-links.ts';

/** POST transfer-url {order_id, type?}: a new share link for the caller's voucher (type buyer: a buyer-designed one); replaces the open one. */
export const handler = http('POST transfer-url', async ({ actor, body }) => {
  const input = parse(createTransferUrlRequestSchema, body);
  const deps = resolve({ userVouchers, buyerVouchers, transfers, users, clock, appUrl });
  const data =
    input.kind === 'buyer_voucher'
      ? await createBuyerShareLink(deps, actor, input)
      : await createShareLink(deps, actor, input);
  return json(200, { data });
});
