import { voucherSchema, type Voucher } from '@gm/shared/catalogue/contracts';
import { VOUCHER_TEXT } from '@gm/shared/catalogue/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { VoucherWriteConflict, type VoucherRecord } from '../../repositories/voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { VOUCHER_NOT_FOUND } from './get-voucher.ts';

/** The seller's own, live voucher (consistent read, for a read-modify-write); anyone else's or a deleted one is 404. */
export async function loadOwnVoucher(deps: Pick<Deps, 'vouchers'>, actor: Actor, id: string): Promise<VoucherRecord> {
  const voucher = await deps.vouchers.get(id, true);
  if (!voucher || voucher.deleted_at || voucher.seller_id !== actor.userId) throw new NotFoundError(VOUCHER_NOT_FOUND);
  return voucher;
}

/** The API answer: the Voucher contract without the stored bookkeeping (version, deleted_at, image sizes). */
export function toApiVoucher(record: Voucher): Voucher {
  return voucherSchema.parse(record);
}

/**
 * Turns a lost conditional write into the right answer: 404 when the voucher is gone, deleted or not
 * the seller's (anymore), 409 when it was only changed meanwhile.
 */
export async function explainWriteConflict(
  deps: Pick<Deps, 'vouchers'>,
  actor: Actor,
  id: string,
  error: unknown,
): Promise<never> {
  if (!(error instanceof VoucherWriteConflict)) throw error;
  await loadOwnVoucher(deps, actor, id);
  throw new ConflictError(VOUCHER_TEXT.changedMeanwhile);
}
