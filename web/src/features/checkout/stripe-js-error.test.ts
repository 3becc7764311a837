import { describe, expect, it } from 'vitest';
import { CARD_ERROR_TEXT } from '@gm/shared/payments/card-errors';
import { stripeJsErrorText } from './stripe-js-error.ts';

describe('Stripe.js error texts', () => {
  it('shows a refused card in German, never the provider’s English message', () => {
    expect(
      stripeJsErrorText(
        { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has…' },
        'x',
      ),
    ).toBe(CARD_ERROR_TEXT.insufficientFunds);
    expect(
      stripeJsErrorText({ type: 'card_error', code: 'expired_card', message: 'Your card has expired.' }, 'x'),
    ).toBe(CARD_ERROR_TEXT.expired);
    expect(stripeJsErrorText({ type: 'invalid_request_error', code: 'weird', message: 'English' }, 'x')).toBe(
      CARD_ERROR_TEXT.declined,
    );
  });

  it('keeps Stripe.js’s localised entry messages and falls back without a code', () => {
    expect(stripeJsErrorText({ type: 'validation_error', message: 'Deine Kartennummer ist unvollständig.' }, 'x')).toBe(
      'Deine Kartennummer ist unvollständig.',
    );
    expect(stripeJsErrorText({ type: 'validation_error' }, 'Bitte prüfe deine Kartendaten.')).toBe(
      'Bitte prüfe deine Kartendaten.',
    );
    expect(stripeJsErrorText({ type: 'api_error', message: 'An unexpected error occurred.' }, 'Fallback')).toBe(
      'Fallback',
    );
  });
});
