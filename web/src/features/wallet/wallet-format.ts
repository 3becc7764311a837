import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import { WALLET_TEXT, type UserVoucher } from '@gm/shared/wallet/contracts';
import { mediaUrl } from '../../lib/media.ts';

/** Value (× units) of a value voucher, or (quantity ×) unit price of a product voucher, as the personalise preview; null when 'Preis verstecken' is on. */
export function walletAmountLabel(
  v: Pick<UserVoucher, 'type' | 'qty' | 'value' | 'remaining_value' | 'voucher' | 'personalisation'>,
): string | null {
  const hidden = v.personalisation ? v.personalisation.price_hidden : v.voucher.price_hidden;
  if (hidden) return null;
  if (v.type === 'quantity') {
    const unit = v.voucher.qty_val ?? v.voucher.price_filter;
    return v.qty > 1 ? `${v.qty} × ${formatEuro(unit)}` : formatEuro(unit);
  }
  if (v.value !== null && v.qty > 1) return `${v.qty} × ${formatEuro(v.value)}`;
  return formatEuro(v.value ?? v.remaining_value);
}

/** Remaining value of a value voucher (01 §2 detail), or remaining units of a product voucher. */
export function remainingLabel(v: Pick<UserVoucher, 'type' | 'remaining_value' | 'remaining_qty'>): string {
  return v.type === 'quantity' ? `${v.remaining_qty} Stück` : formatEuro(v.remaining_value);
}

export const validUntilLabel = (v: Pick<UserVoucher, 'valid_until'>) =>
  `${WALLET_TEXT.validUntil} ${formatDate(`${v.valid_until}T12:00:00Z`)}`;

export function statusLabel(status: UserVoucher['status']): string | null {
  if (status === 'redeemed') return 'Eingelöst';
  if (status === 'reversed') return 'Storniert';
  // Frozen by a running reversal of its order (issue 11): not redeemable or transferable meanwhile.
  if (status === 'reversing') return 'Wird storniert';
  return null;
}

/** The card's background: own photo, uploaded background, template, else the voucher's own image. */
export function cardBackground(v: Pick<UserVoucher, 'personalisation' | 'voucher'>): string | undefined {
  const p = v.personalisation;
  return mediaUrl(p?.custom_image ?? p?.custom_background_image ?? p?.template_image ?? v.voucher.background_image);
}

export function cardTextColor(v: Pick<UserVoucher, 'personalisation' | 'voucher'>): string {
  return v.personalisation?.text_color ?? (v.voucher.styling.text_color === 'dark' ? '#1f2a2c' : '#ffffff');
}

export const sellerNameOf = (v: Pick<UserVoucher, 'voucher'>) =>
  v.voucher.seller.company?.name || v.voucher.seller.username;

/** Whether a `#rrggbb` text colour is light (then the card puts a dark band behind it, else a light one). */
export function isLightColor(hex: string): boolean {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return true;
  const n = Number.parseInt(m[1]!, 16);
  return 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255) > 140;
}
