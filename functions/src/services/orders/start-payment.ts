import type { PaymentRequest, PaymentResponse } from '@gm/shared/orders/contracts';
import { ORDER_TEXT, paymentRequestSchema } from '@gm/shared/orders/contracts';
import { applyCoupon } from '@gm/shared/orders/pricing';
import type { PaymentStatus } from '@gm/shared/payments/payment-status';
import { SAVED_CARD_TEXT, STRIPE_MAX_CHARGE, STRIPE_MIN_CHARGE } from '@gm/shared/orders/checkout-extras';
import { MSG } from '@gm/shared/validation/messages';
import type * as z from 'zod/mini';
import type { BankMethod, PaymentIntentView, PaymentMethodType } from '../../adapters/stripe-payments.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { CouponRecord } from '../../repositories/coupon-repository.ts';
import type { OrderOwner, OrderRecord } from '../../repositories/order-repository.ts';
import type { NewPayment, PaymentLine, PaymentRecord } from '../../repositories/payment-repository.ts';
import type { Deps } from '../deps.ts';
import { assertSalesOpen } from './sales-pause.ts';
import { priceLine } from './cart-line.ts';
import { completePayment, type CompletionDeps } from './complete-payment.ts';
import { saveCard, savedCardForPayment } from './saved-card.ts';
import { inShop } from './search-orders.ts';
import { assertSellersActivated } from '../users/seller-gate.ts';

/**
 * `POST order/payment` (buyer) and `POST order/guest/payment` (guest, card only): prices the owner's
 * cart on the server (client totals are ignored), writes the Payment (`created`, with the priced
 * lines), creates the PaymentIntent (idempotency key and `metadata.payment_id` = paymentId) and
 * confirms it. Buyers may pay with their saved card (`saved_card`) or save the new one (`is_save`,
 * saved-card.ts); a total of 0 € completes without Stripe, 1–49 ct are refused (Stripe's minimum). Nothing about the cart changes here: the vouchers are issued only by the signed
 * `payment_intent.succeeded` webhook (complete-payment.ts), so a declined card leaves the cart as it was.
 */
export type PaymentInput = z.output<typeof paymentRequestSchema>;
export type Payer = { kind: 'user'; userId: string; email: string } | { kind: 'guest'; cartId: string };

/**
 * Redirect bank payments per country (01 §9): AT EPS, NL iDEAL, BE Bancontact, and DE, IT, ES Klarna,
 * Stripe's successor for the retired Sofort (docs/decisions/payments.md). Every one redirects to `url`.
 */
export const BANK_METHOD_BY_COUNTRY: Partial<Record<string, BankMethod>> = {
  AT: 'eps',
  DE: 'klarna',
  IT: 'klarna',
  NL: 'ideal',
  BE: 'bancontact',
  ES: 'klarna',
};
export const BANK_COUNTRY_UNAVAILABLE = 'Für dieses Land ist keine Banküberweisung verfügbar. Bitte zahle mit Karte.';
export const GUEST_CARD_ONLY = 'Gäste können nur mit Karte bezahlen.';

export type StartPaymentDeps = Pick<
  Deps,
  | 'orders'
  | 'vouchers'
  | 'coupons'
  | 'paymentRecords'
  | 'payments'
  | 'salesPause'
  | 'clock'
  | 'newId'
  | 'appUrl'
  | 'stripeCustomers'
  | 'users'
> &
  CompletionDeps;

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

async function pricedLines(
  deps: Pick<StartPaymentDeps, 'vouchers' | 'users'>,
  lines: OrderRecord[],
): Promise<PaymentLine[]> {
  // Lines put in the cart before their seller was deactivated are refused here (issue 11): one Get per seller.
  await assertSellersActivated(
    deps,
    lines.map((line) => line.seller_id),
    'cart',
  );
  const out: PaymentLine[] = [];
  for (const line of lines) {
    const current = await deps.vouchers.get(line.voucher_id);
    if (!current || current.deleted_at || !current.is_active) {
      throw new ValidationError({
        cart: [
          `Der Gutschein „${line.voucher.title}“ ist nicht mehr erhältlich. Bitte entferne ihn aus dem Warenkorb.`,
        ],
      });
    }
    const totals = priceLine(current, { qty: line.qty, value: line.value });
    out.push({ order_id: line.id, ...totals, discount: 0 });
  }
  return out;
}

/** The owner's cart priced by the server, with the coupon applied and the discount spread over the lines. */
export type PricedCart = { lines: PaymentLine[]; amount: number; discount: number; coupon: CouponRecord | undefined };

export async function priceCart(
  deps: Pick<StartPaymentDeps, 'orders' | 'vouchers' | 'coupons' | 'users'>,
  owner: OrderOwner,
  couponCode: string | null | undefined,
  now: Date,
  tenant?: string,
): Promise<PricedCart> {
  // On a tenant shop only that shop's lines are in the cart (search-orders.ts inShop); the marketplace pays all.
  const cart = (await deps.orders.listPendingByOwner(owner, now)).filter((line) => inShop(line, tenant));
  if (cart.length === 0) throw new ValidationError({ cart: [ORDER_TEXT.emptyCart] }, ORDER_TEXT.emptyCart);
  const lines = await pricedLines(deps, cart);
  const total = lines.reduce((sum, l) => sum + l.total_amount, 0);
  let coupon: CouponRecord | undefined;
  if (couponCode?.trim()) {
    coupon = await deps.coupons.get(couponCode);
    if (!couponUsable(coupon, now)) throw ValidationError.field('coupon', ORDER_TEXT.couponInvalid);
  }
  const { discount, total: amount } = applyCoupon(total, coupon);
  spreadDiscount(
    lines.map((l) => l.total_amount),
    discount,
  ).forEach((share, i) => (lines[i]!.discount = share));
  // Between 1 and 49 cents Stripe refuses the charge; a total of 0 completes without one (startPayment).
  if (amount > 0 && amount < STRIPE_MIN_CHARGE) throw ValidationError.field('cart', SAVED_CARD_TEXT.belowMinimum);
  // Checked before the Payment is written: nothing is left behind (issue 14).
  if (amount > STRIPE_MAX_CHARGE) throw ValidationError.field('cart', SAVED_CARD_TEXT.aboveMaximum);
  return { lines, amount, discount, coupon };
}

export const ownerOf = (payer: Payer): OrderOwner =>
  payer.kind === 'user' ? { kind: 'user', userId: payer.userId } : { kind: 'guest', cartId: payer.cartId };

export function newPaymentRecord(
  payer: Payer,
  paymentId: string,
  priced: PricedCart,
  input: {
    payment_type: NewPayment['payment_type'];
    guest?: PaymentInput['guest'];
    country?: string | null;
    is_save?: boolean;
  },
  createdAt: string,
): NewPayment {
  return {
    id: paymentId,
    amount: priced.amount,
    currency: 'eur' as const,
    payment_type: input.payment_type,
    ...(payer.kind === 'user' ? { payer_user_id: payer.userId } : { cart_id: payer.cartId, guest: input.guest! }),
    order_ids: priced.lines.map((l) => l.order_id),
    lines: priced.lines,
    discount: priced.discount,
    ...(priced.coupon ? { coupon_code: priced.coupon.code } : {}),
    ...(input.country ? { country: input.country } : {}),
    is_save: input.is_save ?? false,
    created_at: createdAt,
  };
}

/**
 * The PaymentIntent of a just-written Payment, for exactly its server-priced amount, recorded on it.
 * Stripe's idempotency key is the payment id, so a retried request gets the same intent.
 */
export async function createIntentFor(
  deps: Pick<StartPaymentDeps, 'payments' | 'paymentRecords' | 'clock'>,
  payer: Payer,
  guest: { email: string } | null | undefined,
  paymentId: string,
  priced: PricedCart,
  options: { paymentMethodType: PaymentMethodType; customerId: string | undefined; saving: boolean },
): Promise<PaymentIntentView> {
  const intent = await deps.payments.createPaymentIntent({
    amountCents: priced.amount,
    orderRef: paymentId,
    paymentMethodTypes: [options.paymentMethodType],
    ...(options.customerId ? { customerId: options.customerId } : {}),
    savePaymentMethod: options.saving,
    idempotencyKey: paymentId,
    description: `Gutscheinmarkt ${priced.lines.length} Gutschein(e)`,
    receiptEmail: payer.kind === 'user' ? payer.email : guest!.email,
  });
  await deps.paymentRecords.attachIntent(paymentId, intent.id, deps.clock().toISOString());
  return intent;
}

export async function startPayment(
  deps: StartPaymentDeps,
  payer: Payer,
  input: PaymentInput,
  tenant?: string,
): Promise<PaymentResponse['data']> {
  if (payer.kind === 'guest' && input.payment_type !== 'card')
    throw ValidationError.field('payment_type', GUEST_CARD_ONLY);
  if (payer.kind === 'guest' && !input.guest)
    throw new ValidationError({
      'guest.email': [MSG.required],
      'guest.first_name': [MSG.required],
      'guest.last_name': [MSG.required],
    });
  if (payer.kind === 'guest' && input.saved_card && !input.payment_method)
    throw ValidationError.field('saved_card', SAVED_CARD_TEXT.noSavedCard);
  const bankMethod = input.payment_type === 'bank' ? BANK_METHOD_BY_COUNTRY[input.country ?? ''] : undefined;
  if (input.payment_type === 'bank' && !bankMethod) throw ValidationError.field('country', BANK_COUNTRY_UNAVAILABLE);
  await assertSalesOpen(deps);

  const now = deps.clock();
  const priced = await priceCart(deps, ownerOf(payer), input.coupon, now, tenant);
  const paymentId = deps.newId();
  if (priced.amount === 0) return completeFreeOrder(deps, payer, paymentId, priced, input, now.toISOString());
  if (input.payment_type === 'card' && !input.payment_method && !input.saved_card)
    throw ValidationError.field('payment_method', MSG.required);

  // Card source: the saved card as is, or a new card (saved first when the buyer ticked is_save).
  let customerId: string | undefined;
  let paymentMethod = input.payment_method ?? undefined;
  let saving = false;
  if (input.payment_type === 'card' && payer.kind === 'user') {
    if (!input.payment_method && input.saved_card) {
      const saved = await savedCardForPayment(deps, payer.userId, input.saved_card);
      customerId = saved.customerId;
      paymentMethod = saved.paymentMethodId;
    } else if (input.is_save && input.payment_method) {
      customerId = (await saveCard(deps, payer.userId, input.payment_method)).customerId;
      saving = true;
    }
  }

  const record = newPaymentRecord(
    payer,
    paymentId,
    priced,
    { payment_type: input.payment_type, guest: input.guest, country: input.country, is_save: saving },
    now.toISOString(),
  );
  await deps.paymentRecords.create(record);

  const intent = await createIntentFor(deps, payer, input.guest, paymentId, priced, {
    paymentMethodType: bankMethod ?? 'card',
    customerId,
    saving,
  });

  const returnUrl = `${deps.appUrl.replace(/\/+$/, '')}/cart?payment=${paymentId}`;
  const billingName = payer.kind === 'guest' ? `${input.guest!.first_name} ${input.guest!.last_name}` : payer.email;
  const payerEmail = payer.kind === 'guest' ? input.guest!.email : payer.email;
  // Klarna identifies the buyer by e-mail and billing country (the country chosen at checkout).
  const bank =
    bankMethod === 'klarna'
      ? { type: bankMethod, email: payerEmail, country: input.country! }
      : bankMethod
        ? { type: bankMethod, billingName }
        : undefined;
  // A declined card throws PaymentDeclinedError: 422 with the German decline text on `card`; the cart is untouched.
  const confirmed = await deps.payments.confirmPaymentIntent(intent.id, {
    ...(bank ? { bankMethod: bank } : { paymentMethod: paymentMethod! }),
    returnUrl,
    idempotencyKey: `${paymentId}-confirm`,
  });
  return {
    payment_id: paymentId,
    status: INTENT_TO_STATUS[confirmed.status] ?? 'processing',
    url: confirmed.redirectUrl,
    amount: priced.amount,
    completed: false,
    order_ids: record.order_ids ?? [],
  };
}

/**
 * A total of 0 € (a 100 % coupon): nothing to charge, so no PaymentIntent. The Payment is written
 * with payment_type `none` and completed at once by the same completion the webhook runs (the lines'
 * `pending` conditions make it happen once, however often the request is repeated); the lines get
 * p_type `none` and no processing fee (docs/decisions/payments.md "Orders of 0 euro complete without Stripe").
 */
async function completeFreeOrder(
  deps: StartPaymentDeps,
  payer: Payer,
  paymentId: string,
  priced: PricedCart,
  input: PaymentInput,
  createdAt: string,
): Promise<PaymentResponse['data']> {
  await deps.paymentRecords.create(
    newPaymentRecord(payer, paymentId, priced, { payment_type: 'none', guest: input.guest }, createdAt),
  );
  const stored = await deps.paymentRecords.get(paymentId);
  const outcome = await completePayment(deps, stored!);
  const completed = outcome === 'completed' || outcome === 'already_completed';
  return {
    payment_id: paymentId,
    status: completed ? 'succeeded' : 'processing',
    url: null,
    amount: 0,
    completed,
    order_ids: priced.lines.map((l) => l.order_id),
  };
}

/** `GET order/payment/{id}`: the payment's state for its payer (the buyer, or the same guest cart); 404 for anyone else. */
export async function getPayment(
  deps: Pick<Deps, 'paymentRecords' | 'payments'>,
  payer: { userId?: string; cartId?: string },
  paymentId: string,
): Promise<PaymentResponse['data']> {
  const record = await deps.paymentRecords.get(paymentId);
  const mine =
    record &&
    ((record.payer_user_id && record.payer_user_id === payer.userId) ||
      (record.cart_id && record.cart_id === payer.cartId));
  if (!record || !mine) throw new NotFoundError();
  const view = paymentView(record);
  // Still waiting for 3-D Secure or the bank: the web may have lost the redirect (reload), so hand it out again.
  if (
    !record.completed_at &&
    record.stripe_payment_intent_id &&
    (record.status === 'created' || record.status === 'requires_action')
  ) {
    const intent = await deps.payments.retrievePaymentIntent(record.stripe_payment_intent_id);
    return { ...view, status: INTENT_TO_STATUS[intent.status] ?? view.status, url: intent.redirectUrl };
  }
  return view;
}

export function paymentView(record: PaymentRecord): PaymentResponse['data'] {
  return {
    payment_id: record.id,
    // A free order (payment_type none) never sees Stripe: completed means succeeded.
    status: record.payment_type === 'none' && record.completed_at ? 'succeeded' : RECORD_TO_STATUS[record.status],
    url: null,
    amount: record.amount,
    completed: Boolean(record.completed_at),
    order_ids: record.order_ids ?? [],
  };
}

export type { PaymentRequest };
