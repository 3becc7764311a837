import { formatEuro } from '@gm/shared/money/money';
import type { Personalisation } from '@gm/shared/wallet/personalisation';
import type { UserVoucherDetail } from '@gm/shared/wallet/contracts';
import type { DesignValues } from './design-form.ts';

/** The value (value vouchers) or quantity and price (product vouchers) shown unless 'Preis verstecken'. */
export function priceLabel(voucher: Pick<UserVoucherDetail, 'type' | 'qty' | 'value' | 'voucher'>): string {
  if (voucher.type === 'value') return formatEuro((voucher.value ?? 0) * Math.max(1, voucher.qty));
  const unit = voucher.voucher.qty_val ?? voucher.voucher.price_filter;
  return voucher.qty > 1 ? `${voucher.qty} × ${formatEuro(unit)}` : formatEuro(unit);
}

/** The preview's background: the new or saved photo, the chosen template's image, else `fallback` (the voucher's own). */
export function backgroundUrl(
  design: Pick<DesignValues, 'background' | 'template_id' | 'photo'>,
  saved: Personalisation | null | undefined,
  templates: ReadonlyArray<{ id: string; image: string }> | undefined,
  fallback: string | null,
): string | null {
  if (design.background === 'custom' && design.photo) return design.photo.url;
  if (design.background === 'template' && design.template_id) {
    return (
      templates?.find((t) => t.id === design.template_id)?.image ??
      (saved?.template_id === design.template_id ? saved.template_image : null)
    );
  }
  return fallback;
}

/** Default message colour: the voucher's own text colour (dark or light). */
export const textColourFor = (tone: 'dark' | 'light' | string | null | undefined) =>
  tone === 'dark' ? '#1f2a2c' : '#ffffff';
