import type { PaymentIntentResponse, paymentIntentRequestSchema } from '@gm/shared/orders/checkout-extras';
import { MSG } from '@gm/shared/validation/messages';
import type * as z from 'zod/mini';
import { ValidationError } from '../../lib/errors.ts';
import { assertSalesOpen } from './sales-pause.ts';
import { ensureCustomer } from './saved-card.ts';
import {
  createIntentFor,
  newPaymentRecord,
  ownerOf,
  priceCart,
  type Payer,
  type StartPaymentDeps,
} from './start-payment.ts';

/**
 * `POST order/payment/paymentintent` (01 §7): the client_secret flow of Stripe's Payment Element. The
 * server prices the cart itself (the `amount` a client sends is only compared, never charged), writes
 * the Payment (`created`, priced lines) and creates an unconfirmed card PaymentIntent for exactly that
 * amount; the browser confirms it with Stripe.js, and the signed webhook completes the order as for
 * `order/payment`. A total below Stripe's 50 ct cannot take an intent: 0 € goes through
 * `order/payment` (completed without Stripe), 1–49 ct are refused (priceCart).
 */
export type PaymentIntentInput = z.output<typeof paymentIntentRequestSchema>;
export type PaymentIntentDeps = Pick<
  StartPaymentDeps,
  | 'orders'
  | 'vouchers'
  | 'coupons'
  | 'paymentRecords'
  | 'payments'
  | 'salesPause'
  | 'clock'
  | 'newId'
  | 'stripeCustomers'
  | 'users'
>;

export const FREE_ORDER_NO_INTENT = 'Für eine Bestellung über 0,00 € ist keine Kartenzahlung nötig.';

export async function createCartPaymentIntent(
  deps: PaymentIntentDeps,
  payer: Payer,
  input: PaymentIntentInput,
  tenant?: string,
): Promise<PaymentIntentResponse['data']> {
  if (payer.kind === 'guest' && !input.guest)
    throw new ValidationError({
      'guest.email': [MSG.required],
      'guest.first_name': [MSG.required],
      'guest.last_name': [MSG.required],
    });
  await assertSalesOpen(deps);
  const now = deps.clock();
  const priced = await priceCart(deps, ownerOf(payer), input.coupon, now, tenant);
  if (priced.amount === 0) throw ValidationError.field('amount', FREE_ORDER_NO_INTENT);

  // Saving the card: the intent belongs to the buyer's customer and Stripe attaches the card on success.
  const saving = payer.kind === 'user' && input.is_save === true;
  const customerId = saving ? await ensureCustomer(deps, payer.userId) : undefined;
  const paymentId = deps.newId();
  await deps.paymentRecords.create(
    newPaymentRecord(
      payer,
      paymentId,
      priced,
      { payment_type: 'card', guest: input.guest, is_save: saving },
      now.toISOString(),
    ),
  );
  const intent = await createIntentFor(deps, payer, input.guest, paymentId, priced, {
    paymentMethodType: 'card',
    customerId,
    saving,
  });
  const clientAmount = input.amount;
  return {
    payment_id: paymentId,
    client_secret: intent.clientSecret,
    amount: priced.amount,
    amount_changed: typeof clientAmount === 'number' && clientAmount !== priced.amount,
  };
}
