import { GIFT_TEXT } from '@gm/shared/wallet/gift';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import type { Deps } from '../deps.ts';

/**
 * Who sells on a direct sale (02 §2 "Direct sale", §6): a seller for itself, a scanner user for the
 * seller on its profile (`seller_id`). `gift_locked` of that seller (or of the scanner itself) locks it.
 */
export type StaffSeller = { sellerId: string; seller: UserRecord; giftLocked: boolean };

export async function staffSeller(
  deps: Pick<Deps, 'users'>,
  actor: Pick<Actor, 'userId' | 'role'>,
): Promise<StaffSeller> {
  if (actor.role !== 'seller' && actor.role !== 'scanner') throw new ForbiddenError();
  const me = await deps.users.get(actor.userId);
  if (!me) throw new ForbiddenError();
  if (actor.role === 'seller') return { sellerId: me.id, seller: me, giftLocked: me.gift_locked === true };
  // A scanner bound to no (existing) seller has nothing to sell.
  if (!me.seller_id) throw new NotFoundError();
  if (me.is_active === false) throw new ForbiddenError();
  const seller = await deps.users.get(me.seller_id);
  if (!seller || seller.role !== 'seller') throw new NotFoundError();
  return { sellerId: seller.id, seller, giftLocked: seller.gift_locked === true || me.gift_locked === true };
}

/** The same, refusing gift-locked accounts (403 with the spec's reason). */
export async function unlockedStaffSeller(
  deps: Pick<Deps, 'users'>,
  actor: Pick<Actor, 'userId' | 'role'>,
): Promise<StaffSeller> {
  const staff = await staffSeller(deps, actor);
  if (staff.giftLocked) throw new ForbiddenError(GIFT_TEXT.giftLocked);
  return staff;
}
