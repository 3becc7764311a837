import type { PaymentRequest, PaymentResponse } from '@gm/shared/orders/contracts';
import { ORDER_TEXT, paymentRequestSchema } from '@gm/shared/orders/contracts';
import { applyCoupon } from '@gm/shared/orders/pricing';
import type { PaymentStatus } from '@gm/shared/payments/payment-status';
import { MSG } from '@gm/shared/validation/messages';
import type * as z from 'zod';
import type { BankMethod, PaymentIntentView } from '../../adapters/stripe-payments.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { CouponRecord } from '../../repositories/coupon-repository.ts';
import type { OrderOwner, OrderRecord } from '../../repositories/order-repository.ts';
import type { PaymentLine, PaymentRecord } from '../../repositories/payment-repository.ts';
import type { Deps } from '../deps.ts';
import { assertSalesOpen } from './app-status.ts';
import { priceLine } from './cart-line.ts';

/**
 * `POST order/payment` (buyer) and `POST order/guest/payment` (guest, card only): prices the owner's
 * cart on the server (client totals are ignored), writes the Payment (`created`, with the priced
 * lines), creates the PaymentIntent (idempotency key and `metadata.payment_id` = paymentId) and
 * confirms it. Nothing about the cart changes here: the vouchers are issued only by the signed
 * `payment_intent.succeeded` webhook (complete-payment.ts), so a declined card leaves the cart as it was.
 */
export type PaymentInput = z.output<typeof paymentRequestSchema>;
export type Payer = { kind: 'user'; userId: string; email: string } | { kind: 'guest'; cartId: string };

/** Redirect bank payments per country (01 §4). DE, IT, ES have no bank method the platform offers: card only (decisions.md 2026-11-25). */
export const BANK_METHOD_BY_COUNTRY: Partial<Record<string, BankMethod>> = { AT: 'eps', NL: 'ideal', BE: 'bancontact' };
export const BANK_COUNTRY_UNAVAILABLE = 'Für dieses Land ist keine Banküberweisung verfügbar. Bitte zahle mit Karte.';
export const GUEST_CARD_ONLY = 'Gäste können nur mit Karte bezahlen.';
export const SAVED_CARD_UNAVAILABLE = 'Gespeicherte Karten sind derzeit nicht verfügbar. Bitte gib deine Karte ein.';

export type StartPaymentDeps = Pick<Deps, 'orders' | 'vouchers' | 'coupons' | 'paymentRecords' | 'payments' | 'appStatus' | 'clock' | 'newId' | 'appUrl'>;

/** A coupon can be used when it is active, not expired and has uses left (no limit = unlimited). */
export function couponUsable(coupon: CouponRecord | undefined, now: Date): coupon is CouponRecord {
  if (!coupon || !coupon.active) return false;
  if (coupon.expires_at && Date.parse(coupon.expires_at) <= now.getTime()) return false;
  return typeof coupon.limit !== 'number' || coupon.limit > 0;
}

/** Spreads a discount over the lines in proportion to their amounts; the last line takes the rounding rest. */
export function spreadDiscount(amounts: readonly number[], discount: number): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  if (total <= 0 || discount <= 0) return amounts.map(() => 0);
  let left = discount;
  return amounts.map((amount, i) => {
    const share = i === amounts.length - 1 ? left : Math.min(left, Math.floor((discount * amount) / total));
    left -= share;
    return share;
  });
}

const INTENT_TO_STATUS: Record<PaymentIntentView['status'], PaymentResponse['data']['status']> = {
  succeeded: 'succeeded',
  processing: 'processing',
  requires_action: 'requires_action',
  requires_capture: 'processing',
  requires_confirmation: 'processing',
  requires_payment_method: 'failed',
  canceled: 'canceled',
};

const RECORD_TO_STATUS: Record<PaymentStatus, PaymentResponse['data']['status']> = {
  created: 'processing',
  requires_action: 'requires_action',
  processing: 'processing',
  failed: 'failed',
  succeeded: 'succeeded',
  canceled: 'canceled',
  partially_refunded: 'succeeded',
  refunded: 'succeeded',
};

async function pricedLines(deps: Pick<StartPaymentDeps, 'vouchers'>, lines: OrderRecord[]): Promise<PaymentLine[]> {
  const out: PaymentLine[] = [];
  for (const line of lines) {
    const current = await deps.vouchers.get(line.voucher_id);
    if (!current || current.deleted_at || !current.is_active) {
      throw new ValidationError({ cart: [`Der Gutschein „${line.voucher.title}“ ist nicht mehr erhältlich. Bitte entferne ihn aus dem Warenkorb.`] });
    }
    const totals = priceLine(current, { qty: line.qty, value: line.value });
    out.push({ order_id: line.id, ...totals, discount: 0 });
  }
  return out;
}

export async function startPayment(deps: StartPaymentDeps, payer: Payer, input: PaymentInput): Promise<PaymentResponse['data']> {
  if (payer.kind === 'guest' && input.payment_type !== 'card') throw ValidationError.field('payment_type', GUEST_CARD_ONLY);
  if (payer.kind === 'guest' && !input.guest) throw new ValidationError({ 'guest.email': [MSG.required], 'guest.first_name': [MSG.required], 'guest.last_name': [MSG.required] });
  const bankMethod = input.payment_type === 'bank' ? BANK_METHOD_BY_COUNTRY[input.country ?? ''] : undefined;
  if (input.payment_type === 'bank' && !bankMethod) throw ValidationError.field('country', BANK_COUNTRY_UNAVAILABLE);
  if (input.payment_type === 'card' && !input.payment_method) throw ValidationError.field('saved_card', SAVED_CARD_UNAVAILABLE);
  await assertSalesOpen(deps);

  const now = deps.clock();
  const owner: OrderOwner = payer.kind === 'user' ? { kind: 'user', userId: payer.userId } : { kind: 'guest', cartId: payer.cartId };
  const cart = await deps.orders.listPendingByOwner(owner, now);
  if (cart.length === 0) throw new ValidationError({ cart: [ORDER_TEXT.emptyCart] }, ORDER_TEXT.emptyCart);

  const lines = await pricedLines(deps, cart);
  const total = lines.reduce((sum, l) => sum + l.total_amount, 0);
  let coupon: CouponRecord | undefined;
  if (input.coupon?.trim()) {
    coupon = await deps.coupons.get(input.coupon);
    if (!couponUsable(coupon, now)) throw ValidationError.field('coupon', ORDER_TEXT.couponInvalid);
  }
  const { discount, total: amount } = applyCoupon(total, coupon);
  spreadDiscount(
    lines.map((l) => l.total_amount),
    discount,
  ).forEach((share, i) => (lines[i]!.discount = share));

  const paymentId = deps.newId();
  const createdAt = now.toISOString();
  const record = {
    id: paymentId,
    amount,
    currency: 'eur' as const,
    payment_type: input.payment_type,
    ...(payer.kind === 'user' ? { payer_user_id: payer.userId } : { cart_id: payer.cartId, guest: input.guest! }),
    order_ids: lines.map((l) => l.order_id),
    lines,
    discount,
    ...(coupon ? { coupon_code: coupon.code } : {}),
    ...(input.country ? { country: input.country } : {}),
    is_save: false,
    created_at: createdAt,
  };
  await deps.paymentRecords.create(record);

  const intent = await deps.payments.createPaymentIntent({
    amountCents: amount,
    orderRef: paymentId,
    paymentMethodTypes: bankMethod ? [bankMethod] : ['card'],
    savePaymentMethod: false,
    idempotencyKey: paymentId,
    description: `Gutscheinmarkt ${lines.length} Gutschein(e)`,
    ...(payer.kind === 'user' ? { receiptEmail: payer.email } : { receiptEmail: input.guest!.email }),
  });
  await deps.paymentRecords.attachIntent(paymentId, intent.id, deps.clock().toISOString());

  const returnUrl = `${deps.appUrl.replace(/\/+$/, '')}/cart?payment=${paymentId}`;
  const billingName = payer.kind === 'guest' ? `${input.guest!.first_name} ${input.guest!.last_name}` : payer.email;
  // A declined card throws PaymentDeclinedError: 422 with Stripe's message on `card`; the cart is untouched.
  const confirmed = await deps.payments.confirmPaymentIntent(intent.id, {
    ...(bankMethod ? { bankMethod: { type: bankMethod, billingName } } : { paymentMethod: input.payment_method! }),
    returnUrl,
    idempotencyKey: `${paymentId}-confirm`,
  });
  return { payment_id: paymentId, status: INTENT_TO_STATUS[confirmed.status] ?? 'processing', url: confirmed.redirectUrl, amount, completed: false, order_ids: record.order_ids };
}

/** `GET order/payment/{id}`: the payment's state for its payer (the buyer, or the same guest cart); 404 for anyone else. */
export async function getPayment(deps: Pick<Deps, 'paymentRecords' | 'payments'>, payer: { userId?: string; cartId?: string }, paymentId: string): Promise<PaymentResponse['data']> {
  const record = await deps.paymentRecords.get(paymentId);
  const mine = record && ((record.payer_user_id && record.payer_user_id === payer.userId) || (record.cart_id && record.cart_id === payer.cartId));
  if (!record || !mine) throw new NotFoundError();
  const view = paymentView(record);
  // Still waiting for 3-D Secure or the bank: the web may have lost the redirect (reload), so hand it out again.
  if (!record.completed_at && record.stripe_payment_intent_id && (record.status === 'created' || record.status === 'requires_action')) {
    const intent = await deps.payments.retrievePaymentIntent(record.stripe_payment_intent_id);
    return { ...view, status: INTENT_TO_STATUS[intent.status] ?? view.status, url: intent.redirectUrl };
  }
  return view;
}

export function paymentView(record: PaymentRecord): PaymentResponse['data'] {
  return {
    payment_id: record.id,
    status: RECORD_TO_STATUS[record.status],
    url: null,
    amount: record.amount,
    completed: Boolean(record.completed_at),
    order_ids: record.order_ids ?? [],
  };
}

export type { PaymentRequest };
