import { voucherCardSchema, type Voucher } from '@gm/shared/catalogue/contracts';
import { formatEuro } from '@gm/shared/money/money';
import { cartIdSchema, type OrderLine } from '@gm/shared/orders/contracts';
import { lineTotals, type LineTotals } from '@gm/shared/orders/pricing';
import { MSG } from '@gm/shared/validation/messages';
import type { Actor } from '../../lib/auth.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { OrderOwner, OrderRecord } from '../../repositories/order-repository.ts';

/** Quantity limits when the voucher leaves them open (and for value vouchers bought several times). */
export const DEFAULT_QTY_MIN = 1;
export const DEFAULT_QTY_MAX = 100;

/** The cart a request acts on: a logged-in caller's own cart, else the guest cart of the x-cart-id header (a UUID, else 422). */
export function cartOwner(actor: Actor | undefined, cartIdHeader: string | undefined): OrderOwner {
  if (actor) return { kind: 'user', userId: actor.userId };
  return guestCartOwner(cartIdHeader);
}

export function guestCartOwner(cartIdHeader: string | undefined): OrderOwner {
  const parsed = cartIdSchema.safeParse(cartIdHeader?.trim());
  if (!parsed.success)
    throw new ValidationError(
      { cart_id: [parsed.error.issues[0]?.message ?? MSG.required] },
      parsed.error.issues[0]?.message,
    );
  return { kind: 'guest', cartId: parsed.data.toLowerCase() };
}

/**
 * Prices a line from the stored voucher (01 §5, 03 §9) after checking the amount against its limits:
 * product vouchers qty within qty_min..qty_max, value vouchers value within val_min..val_max (qty
 * defaults to 1). Client totals never enter. Errors are 422 with the spec's German messages.
 */
export function priceLine(
  voucher: Voucher,
  amount: { qty?: number | null | undefined; value?: number | null | undefined },
): LineTotals {
  if (voucher.type === 'quantity') {
    if (amount.qty === null || amount.qty === undefined) throw ValidationError.field('qty', MSG.required);
    const min = voucher.qty_min ?? DEFAULT_QTY_MIN;
    const max = voucher.qty_max ?? DEFAULT_QTY_MAX;
    if (amount.qty < min) throw ValidationError.field('qty', MSG.minValue(min));
    if (amount.qty > max) throw ValidationError.field('qty', MSG.maxValue(max));
    return lineTotals(voucher, { qty: amount.qty });
  }
  if (voucher.type === 'value') {
    if (amount.value === null || amount.value === undefined) throw ValidationError.field('value', MSG.required);
    const min = voucher.val_min ?? 1;
    if (amount.value < min) throw ValidationError.field('value', MSG.minValue(formatEuro(min)));
    if (voucher.val_max !== null && amount.value > voucher.val_max)
      throw ValidationError.field('value', MSG.maxValue(formatEuro(voucher.val_max)));
    const qty = amount.qty ?? 1;
    if (qty > DEFAULT_QTY_MAX) throw ValidationError.field('qty', MSG.maxValue(DEFAULT_QTY_MAX));
    return lineTotals(voucher, { qty, value: amount.value });
  }
  // Buyer-designed vouchers are not sold.
  throw ValidationError.field('voucher_id', 'Dieser Gutschein kann nicht gekauft werden.');
}

/** A stored line as the API answers it (orderLineSchema): the snapshot as a voucher card, no bookkeeping. */
export function toOrderLine(record: OrderRecord): OrderLine {
  return {
    id: record.id,
    status: record.status,
    voucher_id: record.voucher_id,
    voucher: voucherCardSchema.parse(record.voucher),
    seller_id: record.seller_id,
    qty: record.qty,
    value: record.value ?? null,
    total_qty: record.total_qty,
    total_amount: record.total_amount,
    total_value: record.total_value,
    channel: record.channel,
    subdomain: record.subdomain ?? null,
    is_gift: record.is_gift ?? false,
    order_no: record.order_no ?? null,
    invoice_no: record.invoice_no ?? null,
    reversed: record.reversed ?? false,
    created_at: record.created_at,
    completed_at: record.completed_at ?? null,
  };
}
