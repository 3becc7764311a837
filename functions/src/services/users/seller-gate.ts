import { ACTIVATION_TEXT } from '@gm/shared/admin/seller-activation-texts';
import { ValidationError } from '../../lib/errors.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import type { Deps } from '../deps.ts';

/**
 * Seller activation (02 §1, issue 11): a seller the product has not activated yet builds drafts but
 * sells and redeems nothing. Lists read the flag from the catalogue entry's seller summary
 * (`seller.is_activated`); the sales paths below read the seller's profile, so a deactivation stops
 * them at once, also for carts filled before it.
 */
export function sellerMaySell(seller: Pick<UserRecord, 'role' | 'is_activated'> | undefined): boolean {
  return seller !== undefined && seller.role === 'seller' && seller.is_activated !== false;
}

/** A sale (cart, payment, direct sale) of `sellerIds`' vouchers: 422 on `field` unless every seller is activated. */
export async function assertSellersActivated(
  deps: Pick<Deps, 'users'>,
  sellerIds: Iterable<string>,
  field = 'voucher_id',
): Promise<void> {
  const sellers = await Promise.all([...new Set(sellerIds)].map((id) => deps.users.get(id)));
  if (sellers.some((seller) => !sellerMaySell(seller)))
    throw ValidationError.field(field, ACTIVATION_TEXT.sellerNotActivated);
}

/** The seller at the till (direct sale, scan, redeem) must itself be activated; the message speaks to them. */
export function assertOwnSellerActivated(seller: Pick<UserRecord, 'role' | 'is_activated'> | undefined): void {
  if (!sellerMaySell(seller))
    throw new ValidationError(
      { seller: [ACTIVATION_TEXT.ownAccountNotActivated] },
      ACTIVATION_TEXT.ownAccountNotActivated,
    );
}
