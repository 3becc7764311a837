import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import { formatDate } from '@gm/shared/dates/format';
import { viennaDay, viennaYear } from '@gm/shared/dates/vienna-range';
import { formatEuro } from '@gm/shared/money/money';
import { REDEMPTION_TEXT, type Redemption, type redeemRequestSchema } from '@gm/shared/redemption/contracts';
import { MSG } from '@gm/shared/validation/messages';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { RedemptionRecord } from '../../repositories/redemption-repository.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { staffOf, type Staff } from './staff.ts';
import { toApiRedemption, unitValue } from './view.ts';

export type RedeemDeps = Pick<Deps, 'userVouchers' | 'redemptions' | 'clock' | 'metrics'> & {
  users: Pick<Deps['users'], 'get'>;
};
export type RedeemInput = z.output<typeof redeemRequestSchema>;

/** data-model "Redemption": the id is the first 32 hex characters of sha256(`<userVoucherId>:<Idempotency-Key>`). */
export function redemptionIdOf(userVoucherId: string, idempotencyKey: string): string {
  return createHash('sha256').update(`${userVoucherId}:${idempotencyKey}`).digest('hex').slice(0, 32);
}

/** Re-reads after the voucher changed under us: each one means another redemption went through (progress). */
const MAX_BALANCE_RETRIES = 200;
/** TransactionConflict (another transaction held an item at that instant): retried with jitter. */
const MAX_CONFLICT_RETRIES = 25;

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 10 * 2 ** Math.min(attempt, 5))));

type Take = { kind: 'value' | 'qty'; qty: number; value: number; final: boolean };

/** Checks a request against the voucher as read now; the 422s of the spec's redemption form. */
function takeFrom(uv: UserVoucherRecord, input: RedeemInput, today: string): Take {
  if (uv.status === 'reversed') throw ValidationError.field('order_id', REDEMPTION_TEXT.reversed);
  if (uv.status === 'reversing') throw ValidationError.field('order_id', REDEMPTION_TEXT.reversing);
  if (uv.status === 'redeemed') throw ValidationError.field('order_id', REDEMPTION_TEXT.fullyRedeemed);
  if (uv.valid_until < today && input.confirm_expired !== true)
    throw ValidationError.field('confirm_expired', REDEMPTION_TEXT.expired(formatDate(uv.valid_until)));
  if (uv.type === 'quantity') {
    if (input.qty == null) throw ValidationError.field('qty', MSG.required);
    if (input.qty > uv.remaining_qty)
      throw ValidationError.field('qty', REDEMPTION_TEXT.tooManyUnits(uv.remaining_qty));
    if (uv.voucher_usage === 'once' && input.qty !== uv.remaining_qty)
      throw ValidationError.field('qty', REDEMPTION_TEXT.onceOnlyUnits(uv.remaining_qty));
    const final = input.qty === uv.remaining_qty;
    return { kind: 'qty', qty: input.qty, value: final ? uv.remaining_value : input.qty * unitValue(uv), final };
  }
  if (input.value == null) throw ValidationError.field('value', MSG.required);
  if (input.value > uv.remaining_value)
    throw ValidationError.field('value', REDEMPTION_TEXT.tooMuchValue(formatEuro(uv.remaining_value)));
  if (uv.voucher_usage === 'once' && input.value !== uv.remaining_value)
    throw ValidationError.field('value', REDEMPTION_TEXT.onceOnlyValue(formatEuro(uv.remaining_value)));
  return { kind: 'value', qty: 0, value: input.value, final: input.value === uv.remaining_value };
}

function sameRequest(existing: RedemptionRecord, input: RedeemInput): boolean {
  return existing.type === 'quantity' ? existing.qty === input.qty : existing.value === input.value;
}

/**
 * POST redemption (02 §7, data-model §4.5 "Redeem"): ONE transaction puts the immutable ledger entry
 * (id from the Idempotency-Key, `attribute_not_exists`), decrements the remaining balance under a
 * condition (a partial take needs more left than it takes, the final take exactly what is left)
 * and ADDs the stats. A retry with the same key finds its entry and answers it again; a lost race
 * re-reads the voucher and tries again against the new balance, so concurrent redemptions never
 * take more than the voucher holds. Expired vouchers need `confirm_expired` (docs/decisions/seller.md,
 * expired vouchers); reversed or fully redeemed ones are refused. A gift with `voucher_usage: once` takes
 * exactly what is left in one redemption (docs/decisions/seller.md); the balance part refuses any
 * partial take of such a voucher in the same transaction.
 */
export async function redeem(
  deps: RedeemDeps,
  actor: Actor,
  idempotencyKey: string,
  input: RedeemInput,
): Promise<{ replayed: boolean; redemption: Redemption }> {
  const staff: Staff = await staffOf(deps, actor);
  let uv = await deps.userVouchers.get(input.order_id);
  if (!uv || uv.seller_id !== staff.sellerId) throw new NotFoundError(REDEMPTION_TEXT.notFound);
  const id = redemptionIdOf(uv.id, idempotencyKey);

  const replay = async (): Promise<{ replayed: boolean; redemption: Redemption } | undefined> => {
    const existing = await deps.redemptions.get(id);
    if (!existing) return undefined;
    if (!sameRequest(existing, input)) throw ValidationError.field('idempotency_key', REDEMPTION_TEXT.keyReused);
    return { replayed: true, redemption: toApiRedemption(existing) };
  };
  const earlier = await replay();
  if (earlier) return earlier;

  let redemptionNo: string | undefined;
  let conflicts = 0;
  for (let attempt = 0; attempt < MAX_BALANCE_RETRIES; attempt++) {
    const now = deps.clock();
    const today = viennaDay(now);
    const take = takeFrom(uv, input, today);
    redemptionNo ??= await deps.redemptions.nextRedemptionNo(viennaYear(now));
    const at = now.toISOString();
    const record: RedemptionRecord = {
      id,
      redemption_no: redemptionNo,
      kind: 'voucher',
      user_voucher_id: uv.id,
      order_id: uv.order_id,
      order_no: uv.order_no,
      voucher_id: uv.voucher_id,
      seller_id: uv.seller_id,
      title: uv.voucher.title,
      type: uv.type,
      qty: take.kind === 'qty' ? take.qty : null,
      value: take.kind === 'value' ? take.value : null,
      redeemed_value: take.value,
      scanned_by: { user_id: staff.userId, username: staff.username },
      channel: 'scan',
      ...(uv.owner_user_id ? { owner_user_id: uv.owner_user_id } : {}),
      is_revoked: false,
      created_at: at,
      updated_at: at,
    };
    const outcome = await deps.redemptions.redeem(
      record,
      deps.userVouchers.redeemPart(uv.id, { ...take, at, ...(input.confirm_expired === true ? {} : { today }) }),
    );
    if (outcome === 'ok') {
      deps.metrics.count('Redemptions');
      return { replayed: false, redemption: toApiRedemption(record) };
    }
    if (outcome === 'duplicate') {
      const done = await replay();
      if (done) return done;
    }
    if (outcome === 'conflict') {
      if (++conflicts > MAX_CONFLICT_RETRIES) throw new ConflictError(REDEMPTION_TEXT.busy);
      await pause(conflicts);
    }
    const fresh = await deps.userVouchers.get(uv.id);
    if (!fresh) throw new NotFoundError(REDEMPTION_TEXT.notFound);
    uv = fresh;
  }
  throw new ConflictError(REDEMPTION_TEXT.busy);
}
