import { formatEuro, parseEuroInput } from '@gm/shared/money/money';
import { REDEMPTION_MIN_VALUE, REDEMPTION_TEXT, type ScannedVoucher } from '@gm/shared/redemption/contracts';
import { MSG } from '@gm/shared/validation/messages';

export type RedemptionAmount = { value?: number; qty?: number };

/** Checks the typed amount against the voucher before asking the server (02 §5: at least 1, at most what is left). */
export function checkAmount(voucher: Pick<ScannedVoucher, 'type' | 'remaining_value' | 'remaining_qty'>, text: string): { amount?: RedemptionAmount; error?: string } {
  if (!text.trim()) return { error: MSG.required };
  if (voucher.type === 'quantity') {
    if (!/^\d+$/.test(text.trim())) return { error: MSG.integer };
    const qty = Number(text.trim());
    if (qty < 1) return { error: MSG.minValue(1) };
    if (qty > voucher.remaining_qty) return { error: REDEMPTION_TEXT.tooManyUnits(voucher.remaining_qty) };
    return { amount: { qty } };
  }
  const value = parseEuroInput(text);
  if (value === undefined) return { error: MSG.numeric };
  if (value < REDEMPTION_MIN_VALUE) return { error: MSG.minValue(formatEuro(REDEMPTION_MIN_VALUE)) };
  if (value > voucher.remaining_value) return { error: REDEMPTION_TEXT.tooMuchValue(formatEuro(voucher.remaining_value)) };
  return { amount: { value } };
}

