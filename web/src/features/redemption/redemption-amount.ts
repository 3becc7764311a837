import * as z from 'zod/mini';
import { formatAmount, formatEuro, parseEuroInput } from '@gm/shared/money/money';
import {
  REDEMPTION_MIN_VALUE,
  REDEMPTION_TEXT,
  redeemRequestSchema,
  scanRequestSchema,
  type ScannedVoucher,
} from '@gm/shared/redemption/contracts';
import { MSG } from '@gm/shared/validation/messages';

export type RedemptionAmount = { value?: number; qty?: number };

type AmountVoucher = Pick<ScannedVoucher, 'type' | 'remaining_value' | 'remaining_qty'> &
  Partial<Pick<ScannedVoucher, 'voucher_usage'>>;

/** The amount field's start: empty, or everything left for a 'Nur auf einmal einlösbar' gift (then locked). */
export function initialAmountText(voucher: AmountVoucher): string {
  if (voucher.voucher_usage !== 'once') return '';
  return voucher.type === 'quantity' ? String(voucher.remaining_qty) : formatAmount(voucher.remaining_value);
}

/** Checks the typed amount against the voucher before asking the server (02 §5: at least 1, at most what is left; a `once` gift exactly what is left). */
export function checkAmount(voucher: AmountVoucher, text: string): { amount?: RedemptionAmount; error?: string } {
  if (!text.trim()) return { error: MSG.required };
  if (voucher.type === 'quantity') {
    if (!/^\d+$/.test(text.trim())) return { error: MSG.integer };
    const qty = Number(text.trim());
    if (qty < 1) return { error: MSG.minValue(1) };
    if (qty > voucher.remaining_qty) return { error: REDEMPTION_TEXT.tooManyUnits(voucher.remaining_qty) };
    if (voucher.voucher_usage === 'once' && qty !== voucher.remaining_qty)
      return { error: REDEMPTION_TEXT.onceOnlyUnits(voucher.remaining_qty) };
    return { amount: { qty } };
  }
  const value = parseEuroInput(text);
  if (value === undefined) return { error: MSG.numeric };
  if (value < REDEMPTION_MIN_VALUE) return { error: MSG.minValue(formatEuro(REDEMPTION_MIN_VALUE)) };
  if (value > voucher.remaining_value)
    return { error: REDEMPTION_TEXT.tooMuchValue(formatEuro(voucher.remaining_value)) };
  if (voucher.voucher_usage === 'once' && value !== voucher.remaining_value)
    return { error: REDEMPTION_TEXT.onceOnlyValue(formatEuro(voucher.remaining_value)) };
  return { amount: { value } };
}

/**
 * The amount field of the redemption form: the typed text (euros or units) checked against this
 * voucher by `checkAmount`, then handed on as the `value`/`qty` part of the shared redeem contract.
 */
export function redemptionAmountSchema(voucher: AmountVoucher) {
  return z.pipe(
    z.pipe(
      z.object({ value: z.string() }),
      z.transform((input, ctx): { value?: unknown; qty?: unknown } => {
        const checked = checkAmount(voucher, input.value);
        if (!checked.amount) {
          ctx.issues.push({
            code: 'custom',
            path: ['value'],
            message: checked.error ?? MSG.required,
            input: ctx.value,
          });
          return z.NEVER;
        }
        // The contract's number fields take any input (they coerce); it has the last word on the amount.
        return { value: checked.amount.value, qty: checked.amount.qty };
      }),
    ),
    z.object({ value: redeemRequestSchema.shape.value, qty: redeemRequestSchema.shape.qty }),
  );
}

/** The scanner's typed code: the scan contract's `url` field (required, trimmed), as the code field. */
export const scanCodeFormSchema = z.object({ code: scanRequestSchema.shape.url });
