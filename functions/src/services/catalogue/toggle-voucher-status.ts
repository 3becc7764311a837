import { VOUCHER_TEXT, type Voucher } from '@gm/shared/catalogue/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError } from '../../lib/errors.ts';
import { VoucherWriteConflict } from '../../repositories/voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { loadOwnVoucher, toApiVoucher } from './own-voucher.ts';

/**
 * POST voucher/update-status/{id}: flips is_active on the voucher and its catalogue entry. The write is
 * conditioned on the version it read, so two quick toggles flip twice instead of overwriting each other.
 */
export async function toggleVoucherStatus(
  deps: Pick<Deps, 'vouchers' | 'catalogueChanges' | 'clock'>,
  actor: Actor,
  id: string,
): Promise<{ message: string; voucher: Voucher }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await loadOwnVoucher(deps, actor, id);
    const next = { ...toApiVoucher(existing), is_active: !existing.is_active };
    try {
      await deps.vouchers.update(
        next,
        { extra_image_bytes: existing.extra_image_bytes, updated_at: deps.clock().toISOString() },
        { sellerId: actor.userId, version: existing.version ?? 0 },
      );
    } catch (error) {
      if (error instanceof VoucherWriteConflict) continue;
      throw error;
    }
    deps.catalogueChanges.invalidate();
    return { message: next.is_active ? VOUCHER_TEXT.activated : VOUCHER_TEXT.deactivated, voucher: next };
  }
  await loadOwnVoucher(deps, actor, id);
  throw new ConflictError(VOUCHER_TEXT.changedMeanwhile);
}
