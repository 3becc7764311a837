import { REDEMPTION_TEXT } from '@gm/shared/redemption/contracts';
import { ForbiddenError } from '../../lib/errors.ts';
import type { Actor } from '../../lib/auth.ts';
import type { Deps } from '../deps.ts';
import { assertOwnSellerActivated } from '../users/seller-gate.ts';

/** Who redeems: the seller whose vouchers may be redeemed, and the person at the till. */
export type Staff = { sellerId: string; userId: string; username: string };

/**
 * A seller redeems for itself; a scanner user for the seller it is bound to (`seller_id` on its
 * profile), and only while its status is active. One profile Get per request (two for a scanner:
 * its seller's): the token carries no seller id, a deactivated scanner must stop at once, not when
 * its token expires, and a seller the product has not activated yet redeems nothing (issue 11).
 */
export async function staffOf(deps: { users: Pick<Deps['users'], 'get'> }, actor: Actor): Promise<Staff> {
  const profile = await deps.users.get(actor.userId);
  if (actor.role === 'seller') {
    assertOwnSellerActivated(profile);
    return { sellerId: actor.userId, userId: actor.userId, username: profile?.username ?? actor.email };
  }
  if (actor.role === 'scanner' && profile?.role === 'scanner' && profile.seller_id) {
    if (profile.is_active === false || profile.is_activated === false)
      throw new ForbiddenError(REDEMPTION_TEXT.scannerInactive);
    assertOwnSellerActivated(await deps.users.get(profile.seller_id));
    return { sellerId: profile.seller_id, userId: actor.userId, username: profile.username };
  }
  throw new ForbiddenError();
}
