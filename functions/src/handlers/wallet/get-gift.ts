import { transferCodeSchema, TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { NotFoundError } from '../../lib/errors.ts';
import { buyerVouchers, clock, resolve, transfers, userVouchers } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { previewBuyerShareLink } from '../../services/wallet/buyer-transfer.ts';
import { previewShareLink } from '../../services/wallet/share-links.ts';

/** GET transfer/{id}?type=buyer: the share link's card and title (public; receiving needs a login). */
export const handler = http('GET transfer/{id}', async ({ params, query }) => {
  const code = transferCodeSchema.safeParse(params.id);
  if (!code.success) throw new NotFoundError(TRANSFER_TEXT.linkInvalid);
  const deps = resolve({ transfers, userVouchers, buyerVouchers, clock });
  return json(200, {
    data:
      query.type === 'buyer' ? await previewBuyerShareLink(deps, code.data) : await previewShareLink(deps, code.data),
  });
});
