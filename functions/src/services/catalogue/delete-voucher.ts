import { VOUCHER_TEXT } from '@gm/shared/catalogue/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { explainWriteConflict, loadOwnVoucher } from './own-voucher.ts';

/**
 * DELETE voucher/{id}: soft delete (deleted_at, GSI keys and catalogue entry gone, one transaction).
 * Sold vouchers stay valid: orders and user vouchers keep their snapshots. Tourism vouchers cannot be deleted.
 */
export async function deleteVoucher(
  deps: Pick<Deps, 'vouchers' | 'catalogueChanges' | 'clock'>,
  actor: Actor,
  id: string,
): Promise<{ message: string }> {
  const existing = await loadOwnVoucher(deps, actor, id);
  if (existing.is_tourism)
    throw new ValidationError({ id: [VOUCHER_TEXT.tourismNotDeletable] }, VOUCHER_TEXT.tourismNotDeletable);
  try {
    await deps.vouchers.softDelete(id, actor.userId, deps.clock().toISOString());
  } catch (error) {
    await explainWriteConflict(deps, actor, id, error);
  }
  deps.catalogueChanges.invalidate();
  return { message: VOUCHER_TEXT.deleted };
}
