import { SAVED_CARD_TEXT, type SavedCardResponse } from '@gm/shared/orders/checkout-extras';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { SavedCardConflict, type StripeCustomerRecord } from '../../repositories/stripe-customer-repository.ts';
import type { Deps } from '../deps.ts';

/**
 * Saved cards (01 §2 "save-card checkbox", "New Card"; §7 `POST user-stripe`): a buyer has at most one
 * saved card, attached to their Stripe customer (created on the first save, idempotency key
 * `customer-<userId>`). Saving another card replaces it (the old one is detached at Stripe); the
 * store only moves from the card the caller read, so two concurrent saves cannot leave a card
 * attached at Stripe that the record does not know (the loser's card is detached again, 409).
 */
export type SavedCardDeps = Pick<Deps, 'payments' | 'stripeCustomers' | 'users' | 'clock'>;

export function savedCardView(record: StripeCustomerRecord | undefined): SavedCardResponse['data'] {
  if (!record?.is_save || !record.default_payment_method_id) return { is_save: false, card: null };
  return {
    is_save: true,
    card: {
      id: record.default_payment_method_id,
      brand: record.card_brand ?? 'card',
      last4: record.card_last4 ?? '',
      exp_month: record.card_exp_month ?? 0,
      exp_year: record.card_exp_year ?? 0,
    },
  };
}

/** GET user-stripe: the buyer's saved card, if any. */
export async function getSavedCard(
  deps: Pick<SavedCardDeps, 'stripeCustomers'>,
  userId: string,
): Promise<SavedCardResponse['data']> {
  return savedCardView(await deps.stripeCustomers.get(userId));
}

/** The buyer's Stripe customer id, created at Stripe and recorded on first use. */
export async function ensureCustomer(deps: SavedCardDeps, userId: string): Promise<string> {
  const stored = await deps.stripeCustomers.get(userId);
  if (stored?.stripe_customer_id) return stored.stripe_customer_id;
  const user = await deps.users.get(userId);
  if (!user) throw new NotFoundError();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  const customer = await deps.payments.createCustomer({
    email: user.email,
    ...(name ? { name } : {}),
    userId,
    idempotencyKey: `customer-${userId}`,
  });
  return deps.stripeCustomers.putCustomer(userId, customer.id, deps.clock().toISOString());
}

/** Saves `paymentMethodId` as the buyer's card (replacing a saved one); answers the card and the customer id. */
export async function saveCard(
  deps: SavedCardDeps,
  userId: string,
  paymentMethodId: string,
): Promise<{ customerId: string; card: SavedCardResponse['data'] }> {
  const customerId = await ensureCustomer(deps, userId);
  const before = await deps.stripeCustomers.get(userId);
  const previous = before?.default_payment_method_id ?? null;
  if (previous === paymentMethodId && before?.is_save) return { customerId, card: savedCardView(before) };
  const card = await deps.payments.attachCard(customerId, paymentMethodId);
  try {
    await deps.stripeCustomers.saveCard(
      userId,
      previous,
      {
        paymentMethodId: card.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      },
      deps.clock().toISOString(),
    );
  } catch (error) {
    if (!(error instanceof SavedCardConflict)) throw error;
    await deps.payments.detachCard(card.id);
    throw new ConflictError(SAVED_CARD_TEXT.replacedMeanwhile);
  }
  if (previous && previous !== card.id) await deps.payments.detachCard(previous);
  return { customerId, card: savedCardView(await deps.stripeCustomers.get(userId)) };
}

/** Removes the saved card (detached at Stripe); nothing saved is fine. */
export async function removeSavedCard(deps: SavedCardDeps, userId: string): Promise<SavedCardResponse['data']> {
  const before = await deps.stripeCustomers.get(userId);
  const previous = before?.default_payment_method_id;
  if (!previous) return { is_save: false, card: null };
  try {
    await deps.stripeCustomers.removeCard(userId, previous, deps.clock().toISOString());
  } catch (error) {
    if (error instanceof SavedCardConflict) throw new ConflictError(SAVED_CARD_TEXT.replacedMeanwhile);
    throw error;
  }
  await deps.payments.detachCard(previous);
  return { is_save: false, card: null };
}

/** The saved card a payment may use: it must be the buyer's current one. */
export async function savedCardForPayment(
  deps: Pick<SavedCardDeps, 'stripeCustomers'>,
  userId: string,
  requested: string,
): Promise<{ customerId: string; paymentMethodId: string }> {
  const record = await deps.stripeCustomers.get(userId);
  if (!record?.is_save || !record.default_payment_method_id)
    throw ValidationError.field('saved_card', SAVED_CARD_TEXT.noSavedCard);
  if (requested !== record.default_payment_method_id)
    throw ValidationError.field('saved_card', SAVED_CARD_TEXT.replacedMeanwhile);
  return { customerId: record.stripe_customer_id, paymentMethodId: record.default_payment_method_id };
}
