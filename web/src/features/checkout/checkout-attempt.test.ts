import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { createAttemptTracker, endsAttempt } from './checkout-attempt.ts';

describe('checkout attempts (one Idempotency-Key each)', () => {
  const keys = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it('keeps the key and the PaymentMethod while nothing changed, and starts a new attempt when something did', () => {
    const tracker = createAttemptTracker(keys());
    const first = tracker.begin('cart-a|4500');
    tracker.usePaymentMethod('pm_1');
    expect(tracker.begin('cart-a|4500')).toEqual({ key: 'key-1', fingerprint: 'cart-a|4500', paymentMethod: 'pm_1' });
    expect(first.key).toBe('key-1');
    expect(tracker.begin('cart-a|4000')).toEqual({ key: 'key-2', fingerprint: 'cart-a|4000', paymentMethod: null });
  });

  it('starts a new attempt after a definite answer', () => {
    const tracker = createAttemptTracker(keys());
    tracker.begin('x');
    tracker.finish();
    expect(tracker.begin('x').key).toBe('key-2');
  });

  it('treats refusals as final and lost answers, 409, 429 and 5xx as retryable', () => {
    expect(endsAttempt(new ApiError(422, 'Karte abgelehnt'))).toBe(true);
    expect(endsAttempt(new ApiError(403, 'Verboten'))).toBe(true);
    expect(endsAttempt(new ApiError(0, 'Netzwerk'))).toBe(false);
    expect(endsAttempt(new ApiError(409, 'Die Zahlung wird bereits bearbeitet.'))).toBe(false);
    expect(endsAttempt(new ApiError(429, 'Zu viele'))).toBe(false);
    expect(endsAttempt(new ApiError(500, 'Fehler'))).toBe(false);
    expect(endsAttempt(new Error('x'))).toBe(false);
  });
});
