import { ApiError } from '../../lib/api-client.ts';

/**
 * One `Idempotency-Key` per checkout attempt (docs/decisions/payments.md "The web keeps one key per checkout attempt"):
 * a double click, a repeated submit after a lost answer or a server hiccup re-sends the same key and
 * the same card PaymentMethod, so the server starts at most one payment. A new attempt (new key) begins
 * when anything the payment depends on changed (cart, amount, coupon, payment type, country, guest
 * data, card entry) or after a definite answer (success, or a refusal such as a declined card).
 */
export type Attempt = { key: string; fingerprint: string; paymentMethod: string | null };

export function createAttemptTracker(newKey: () => string = () => crypto.randomUUID()) {
  let current: Attempt | null = null;
  return {
    /** The attempt for this submit: the open one if its fingerprint is unchanged, else a new one. */
    begin(fingerprint: string): Attempt {
      if (!current || current.fingerprint !== fingerprint)
        current = { key: newKey(), fingerprint, paymentMethod: null };
      return current;
    },
    /** Remembers the card PaymentMethod made for this attempt, so a retry sends the same body. */
    usePaymentMethod(paymentMethod: string) {
      if (current) current.paymentMethod = paymentMethod;
    },
    /** The attempt got a definite answer: the next submit is a new attempt. */
    finish() {
      current = null;
    },
  };
}

/**
 * Whether an error ends the attempt. No answer (network), 409 (the first request is still running),
 * 429 and 5xx may be retried with the same key; any other refusal (422 declined card, coupon, cart …)
 * is final, and repeating it with the same key would only replay the refusal.
 */
export function endsAttempt(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status !== 0 && error.status !== 409 && error.status !== 429 && error.status < 500;
}
