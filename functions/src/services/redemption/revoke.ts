import { REDEMPTION_TEXT, type Redemption } from '@gm/shared/redemption/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { toApiRedemption } from './view.ts';

export type RevokeDeps = Pick<Deps, 'redemptions' | 'userVouchers' | 'clock' | 'newId' | 'metrics'>;

const MAX_CONFLICT_RETRIES = 25;
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 10 * 2 ** Math.min(attempt, 5))));

/**
 * POST redemption/revoke (02 §2, 03 §2, data-model §4.5 "Revoke"): a seller revokes its own
 * redemptions ('Einlösung rückgängig machen'), an admin any. ONE transaction puts the compensating
 * `REVOCATION` (not exists), marks the redemption (`is_revoked <> true`), gives the amount back to
 * the voucher (active again) and takes the stats back; an admin's revocation is also audited. Two
 * revocations at once: exactly one goes through, the other is told it was already revoked. Refused
 * (422) once the voucher's order is reversed or a reversal of it is running (issue 11).
 */
export async function revokeRedemption(deps: RevokeDeps, actor: Actor, id: string): Promise<Redemption> {
  const redemption = await deps.redemptions.get(id);
  if (!redemption || (actor.role !== 'admin' && redemption.seller_id !== actor.userId))
    throw new NotFoundError(REDEMPTION_TEXT.redemptionNotFound);
  if (redemption.is_revoked) throw ValidationError.field('id', REDEMPTION_TEXT.alreadyRevoked);
  const uv = await deps.userVouchers.get(redemption.user_voucher_id);
  if (!uv) throw new NotFoundError(REDEMPTION_TEXT.notFound);
  for (let attempt = 1; ; attempt++) {
    const at = deps.clock().toISOString();
    const outcome = await deps.redemptions.revoke(
      id,
      { revoked_by: actor.userId, revoked_at: at, reason: actor.role === 'admin' ? 'admin' : 'seller' },
      deps.userVouchers.restorePart(uv.id, {
        qty: redemption.qty ?? 0,
        value: redemption.redeemed_value,
        validUntil: uv.valid_until,
        at,
      }),
      [
        // Issue 11: never give a balance back once a reversal of the order has fixed its refund.
        deps.userVouchers.orderNotReversingPart(uv.order_id),
        ...(actor.role === 'admin'
          ? [
              deps.redemptions.auditPart({
                id: deps.newId(),
                actorId: actor.userId,
                targetId: redemption.seller_id,
                at,
                details: { redemption_id: id, redemption_no: redemption.redemption_no },
              }),
            ]
          : []),
      ],
    );
    if (outcome === 'ok') {
      deps.metrics.count('RedemptionsRevoked');
      return toApiRedemption({ ...redemption, is_revoked: true, revoked_at: at, updated_at: at });
    }
    if (outcome === 'duplicate') throw ValidationError.field('id', REDEMPTION_TEXT.alreadyRevoked);
    if (outcome === 'balance') {
      const now = await deps.userVouchers.get(uv.id);
      throw ValidationError.field(
        'id',
        now?.status === 'reversing' ? REDEMPTION_TEXT.reversing : REDEMPTION_TEXT.cannotRevokeReversed,
      );
    }
    if (attempt > MAX_CONFLICT_RETRIES) throw new ConflictError(REDEMPTION_TEXT.busy);
    await pause(attempt);
  }
}
