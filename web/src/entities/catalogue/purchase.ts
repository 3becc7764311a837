import type { Voucher } from '@gm/shared/catalogue/contracts';
import { formatEuro, parseEuroInput } from '@gm/shared/money/money';
import { MSG } from '@gm/shared/validation/messages';

/**
 * The amount a buyer picks on the voucher detail (01 §5 "Add to cart"): a quantity between qty_min
 * and qty_max for product vouchers, a value in cents between val_min and val_max for value vouchers.
 * Steppers never go below 1 (one piece, or 1 €).
 */
export type AmountKind = 'quantity' | 'value';
export type AmountBounds = { kind: AmountKind; min: number; max: number; step: number };

/** Upper bound when a product voucher has no qty_max. */
export const DEFAULT_MAX_QUANTITY = 99;
const ONE_EURO = 100;

type PricedVoucher = Pick<Voucher, 'type' | 'qty_min' | 'qty_max' | 'val_min' | 'val_max' | 'price_filter'>;

export function amountBounds(voucher: PricedVoucher): AmountBounds {
  if (voucher.type === 'value') {
    const min = Math.max(ONE_EURO, voucher.val_min ?? ONE_EURO);
    return { kind: 'value', min, max: Math.max(min, voucher.val_max ?? min), step: ONE_EURO };
  }
  const min = Math.max(1, voucher.qty_min ?? 1);
  return { kind: 'quantity', min, max: Math.max(min, voucher.qty_max ?? DEFAULT_MAX_QUANTITY), step: 1 };
}

export function clampAmount(amount: number, bounds: AmountBounds): number {
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(amount)));
}

/** One step up or down, never below 1 and never outside the bounds. */
export function stepAmount(amount: number | undefined, direction: 1 | -1, bounds: AmountBounds): number {
  if (amount === undefined) return bounds.min;
  return clampAmount(Math.max(1, amount + direction * bounds.step), bounds);
}

/** The typed text as an amount: a whole number of pieces, or euros (German or plain notation) in cents. */
export function parseAmount(text: string, kind: AmountKind): number | undefined {
  if (kind === 'value') return parseEuroInput(text);
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

export function formatAmountInput(amount: number, kind: AmountKind): string {
  return kind === 'value' ? formatEuro(amount).replace(/\s*€$/u, '').replace(/,00$/, '') : String(amount);
}

/** The spec's German messages for a missing or out-of-range amount; undefined when it is fine. */
export function amountError(amount: number | undefined, bounds: AmountBounds): string | undefined {
  if (amount === undefined) return MSG.required;
  if (bounds.kind === 'quantity' && !Number.isInteger(amount)) return MSG.integer;
  const show = (n: number) => (bounds.kind === 'value' ? formatEuro(n) : String(n));
  if (amount < bounds.min) return MSG.minValue(show(bounds.min));
  if (amount > bounds.max) return MSG.maxValue(show(bounds.max));
  return undefined;
}

/** Total in cents incl. VAT: quantity × price_filter, or the value alone (01 §5). */
export function voucherTotal(voucher: PricedVoucher, amount: number): number {
  return voucher.type === 'value' ? amount : amount * voucher.price_filter;
}
