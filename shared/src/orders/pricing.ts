import type { Voucher } from '../catalogue/contracts.ts';
import { percentOf, type Cents } from '../money/money.ts';
import type { Settings } from '../settings/contracts.ts';

/**
 * Pure money rules of the cart and the checkout (01 §5, 03 §9). All amounts are integer cents;
 * percentages round half up to whole cents (`percentOf`). The server prices every line itself from the
 * stored voucher: whatever totals a client sends are ignored.
 */

export type SaleChannel = 'marketplace' | 'subdomain' | 'direktverkauf';
export type PaymentKind = 'card' | 'bank';

/** The voucher fields a line is priced from. */
export type PricedVoucher = Pick<Voucher, 'type' | 'qty_val' | 'price_filter'>;

export type LineTotals = {
  qty: number;
  /** Value vouchers: the chosen value per unit (cents); null for product vouchers. */
  value: Cents | null;
  total_qty: number;
  /** Face value of the line: value × qty (value vouchers), qty × qty_val (product vouchers). */
  total_value: Cents;
  /** What the line costs: qty × price_filter (product vouchers), value × qty (value vouchers). */
  total_amount: Cents;
};

/**
 * Line totals (03 §9 "Line total"): quantity type is qty × price_filter; value type is value × qty
 * (qty defaults to 1). Throws on a buyer-designed voucher (not for sale) or a missing value.
 */
export function lineTotals(voucher: PricedVoucher, amount: { qty?: number | null; value?: Cents | null }): LineTotals {
  if (voucher.type === 'quantity') {
    const qty = amount.qty ?? 1;
    const unitValue = voucher.qty_val ?? voucher.price_filter;
    return { qty, value: null, total_qty: qty, total_value: qty * unitValue, total_amount: qty * voucher.price_filter };
  }
  if (voucher.type === 'value') {
    if (amount.value === null || amount.value === undefined) throw new RangeError('a value voucher needs a value');
    const qty = amount.qty ?? 1;
    const total = amount.value * qty;
    return { qty, value: amount.value, total_qty: qty, total_value: total, total_amount: total };
  }
  throw new RangeError(`voucher type ${voucher.type} is not sold through the cart`);
}

/** The amount fees and commission are computed on (03 §9): total_value for value vouchers, total_amount for product vouchers. */
export function feeBase(line: { voucher: { type: Voucher['type'] }; total_value: Cents; total_amount: Cents }): Cents {
  return line.voucher.type === 'value' ? line.total_value : line.total_amount;
}

export type CouponTerms = { percent_off: number | null; amount_off: Cents | null };

/**
 * Coupon discount (03 §9): percent_off lowers the total by that percent, amount_off by that many
 * cents. The discount never exceeds the total, so the total never goes below 0.
 */
export function applyCoupon(
  totalCents: Cents,
  coupon: CouponTerms | null | undefined,
): { discount: Cents; total: Cents } {
  if (!coupon || totalCents <= 0) return { discount: 0, total: Math.max(0, totalCents) };
  let discount = 0;
  if (typeof coupon.percent_off === 'number' && coupon.percent_off > 0)
    discount = percentOf(totalCents, Math.min(100, coupon.percent_off));
  else if (typeof coupon.amount_off === 'number' && coupon.amount_off > 0) discount = coupon.amount_off;
  discount = Math.min(discount, totalCents);
  return { discount, total: totalCents - discount };
}

/** Payment provider fee per line (03 §9): card 1.5 % + 25 ct, bank transfer 1.4 % + 25 ct of the line amount. */
export const PROCESSING_FEES: Record<PaymentKind, { percent: number; fixed: Cents }> = {
  card: { percent: 1.5, fixed: 25 },
  bank: { percent: 1.4, fixed: 25 },
};

export function processingFee(amountCents: Cents, kind: PaymentKind): Cents {
  if (amountCents <= 0) return 0;
  const rule = PROCESSING_FEES[kind];
  return percentOf(amountCents, rule.percent) + rule.fixed;
}

/**
 * Marketplace commission per sale (03 §9): percentage plus fixed cents from the effective settings
 * (the seller's override over the global value); the subdomain pair for tenant-shop sales; direct
 * sales by the seller's staff are provision-free. Net of VAT.
 */
export function commissionOf(
  amountCents: Cents,
  settings: Pick<
    Settings,
    | 'sales_commission_percentage'
    | 'sales_commission_euro'
    | 'subdomain_sales_commission_percentage'
    | 'subdomain_sales_commission_euro'
  >,
  channel: SaleChannel,
): Cents {
  if (channel === 'direktverkauf' || amountCents <= 0) return 0;
  if (channel === 'subdomain')
    return (
      percentOf(amountCents, settings.subdomain_sales_commission_percentage) + settings.subdomain_sales_commission_euro
    );
  return percentOf(amountCents, settings.sales_commission_percentage) + settings.sales_commission_euro;
}

/** What the seller gets for a line: the amount less commission and processing fee, never below 0. */
export function sellerShare(amountCents: Cents, commissionCents: Cents, processingFeeCents: Cents): Cents {
  return Math.max(0, amountCents - commissionCents - processingFeeCents);
}

/** One sale as the commission rules see it: the fee base (`feeBase()`), where it was sold and how it was paid. */
export type CommissionSale = { amount: Cents; channel: SaleChannel; payment: PaymentKind | 'none' };
export type CommissionSettings = Pick<
  Settings,
  | 'sales_commission_percentage'
  | 'sales_commission_euro'
  | 'subdomain_sales_commission_percentage'
  | 'subdomain_sales_commission_euro'
>;
export type SaleSplit = { commission: Cents; processing_fee: Cents; seller_net: Cents };

/**
 * THE commission rule (03 §9), used by the sale (order completion) and by payouts: the platform's
 * commission is percentage + fixed cents of the effective settings (the seller's own values over the
 * global ones, `effectiveSettings`), the subdomain pair for tenant-shop sales, nothing for direct
 * sales. The payment provider's fee comes on top (card 1.5 % + 25 ct, bank 1.4 % + 25 ct, none for
 * direct sales). Percentages round half up to whole cents. Neither the commission nor commission plus
 * fee is ever more than the amount, so the seller's share is never negative and the three parts always
 * add up to the amount.
 */
export function commissionFor(sale: CommissionSale, settings: CommissionSettings): SaleSplit {
  const amount = Math.max(0, Math.round(sale.amount));
  const commission = Math.min(amount, commissionOf(amount, settings, sale.channel));
  const fee = sale.payment === 'none' ? 0 : Math.min(amount - commission, processingFee(amount, sale.payment));
  return { commission, processing_fee: fee, seller_net: amount - commission - fee };
}

/**
 * A coupon can be applied when it is active, not expired (`expires_at` earlier than now) and has uses
 * left (`limit` absent = unlimited; 0 = used up) (01 §5).
 */
export function couponIsUsable(
  coupon: { active: boolean; expires_at: string | null; limit?: number | null },
  now: Date,
): boolean {
  if (!coupon.active) return false;
  if (coupon.expires_at && Date.parse(coupon.expires_at) < now.getTime()) return false;
  if (typeof coupon.limit === 'number' && coupon.limit <= 0) return false;
  return true;
}
