import { cardErrorMessage } from '@gm/shared/payments/card-errors';

/** The fields of a Stripe.js error the checkout reads (StripeError of @stripe/stripe-js). */
export type StripeJsError = { type?: string; code?: string; decline_code?: string; message?: string };

/**
 * The text under the card field for a Stripe.js error (live mode). Entry mistakes (`validation_error`)
 * come localised from Stripe.js (loaded with locale 'de'), so they are kept; refusals and everything
 * else are shown in German by their codes (shared card-errors.ts), never in the provider's English.
 */
export function stripeJsErrorText(error: StripeJsError, fallback: string): string {
  if (error.type === 'validation_error') return error.message || fallback;
  if (!error.code && !error.decline_code) return fallback;
  return cardErrorMessage({ code: error.code, declineCode: error.decline_code });
}
