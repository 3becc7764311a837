import { paginate, type Paged } from '@gm/shared/api/paged';
import { sellerVoucherCardSchema, type SellerVoucherCard } from '@gm/shared/catalogue/contracts';
import type { Actor } from '../../lib/auth.ts';
import type { Deps } from '../deps.ts';

/** GET voucher/seller-vouchers: the seller's own vouchers, active and inactive (not deleted), newest first. */
export async function listSellerVouchers(
  deps: Pick<Deps, 'vouchers'>,
  actor: Actor,
  input: { page: number; paginate: number },
  pageUrl: (page: number) => string,
): Promise<Paged<SellerVoucherCard>> {
  const records = await deps.vouchers.listBySeller(actor.userId);
  const newestFirst = [...records].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  const page = paginate(newestFirst, input.page, input.paginate, pageUrl);
  return { ...page, data: page.data.map((record) => sellerVoucherCardSchema.parse(record)) };
}
