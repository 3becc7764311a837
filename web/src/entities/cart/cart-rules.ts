import type { CouponTerms } from '@gm/shared/orders/pricing';
import type { OrderLine } from '@gm/shared/orders/contracts';
import type * as z from 'zod/mini';
import type { couponEntrySchema } from '@gm/shared/orders/contracts';
import { DEFAULT_MAX_QUANTITY } from '../catalogue/purchase.ts';

/**
 * Cart line amounts (01 §2 "Cart", §5 "Add to cart"): product vouchers step their quantity by one
 * piece, value vouchers their value by 1 €. Steppers never go below 1; a step down from the smallest
 * amount asks whether to remove the line instead ("Decreasing a quantity to 0 asks…").
 */
export type LineAmount = { kind: 'quantity' | 'value'; amount: number; step: number; max: number };

const ONE_EURO = 100;

export function lineAmount(
  line: Pick<OrderLine, 'qty' | 'value'> & { voucher: Pick<OrderLine['voucher'], 'type' | 'val_max'> },
): LineAmount {
  if (line.voucher.type === 'value' && line.value !== null) {
    return {
      kind: 'value',
      amount: line.value,
      step: ONE_EURO,
      max: Math.max(line.value, line.voucher.val_max ?? line.value),
    };
  }
  return { kind: 'quantity', amount: line.qty, step: 1, max: Math.max(line.qty, DEFAULT_MAX_QUANTITY) };
}

export type StepResult =
  | { kind: 'update'; amount: number; patch: { qty: number } | { value: number } }
  | { kind: 'confirm-remove' }
  | { kind: 'none' };

export function stepLine(current: LineAmount, direction: 1 | -1): StepResult {
  const next = current.amount + direction * current.step;
  if (direction === -1 && next < 1) return { kind: 'confirm-remove' };
  if (direction === 1 && next > current.max) return { kind: 'none' };
  // Never below 1 (a value voucher of 1,50 € steps down to 1 €, not 0,50 €).
  const amount = Math.max(direction === -1 && current.kind === 'value' ? ONE_EURO : 1, next);
  if (amount === current.amount) return { kind: 'confirm-remove' };
  return { kind: 'update', amount, patch: current.kind === 'quantity' ? { qty: amount } : { value: amount } };
}

/** Sum of the server's line totals (cents). */
export function cartTotal(lines: ReadonlyArray<Pick<OrderLine, 'total_amount'>>): number {
  return lines.reduce((sum, line) => sum + line.total_amount, 0);
}

/** Pieces in the cart, for the total line's item count. */
export function cartItemCount(lines: ReadonlyArray<Pick<OrderLine, 'total_qty'>>): number {
  return lines.reduce((sum, line) => sum + line.total_qty, 0);
}

type CouponEntry = z.infer<typeof couponEntrySchema>;
export type AppliedCoupon = { id: string; terms: CouponTerms };

/**
 * The usable coupon among the check-coupon answer (01 §5): rejected when not active, expired
 * (expires_at earlier than now) or its limit metadata is 0; null when none is usable.
 */
export function usableCoupon(entries: readonly CouponEntry[], now: Date = new Date()): AppliedCoupon | null {
  for (const entry of entries) {
    if (!entry.active) continue;
    if (entry.expires_at && new Date(entry.expires_at).getTime() < now.getTime()) continue;
    if (entry.coupon.metadata.limit === 0) continue;
    return {
      id: entry.coupon.id,
      terms: { percent_off: entry.coupon.percent_off, amount_off: entry.coupon.amount_off },
    };
  }
  return null;
}
