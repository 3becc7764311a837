import { describe, expect, it } from 'vitest';
import { CARD_ERROR_TEXT, cardErrorMessage } from './card-errors.ts';
import { TEST_CARDS } from './test-cards.ts';

describe('card error texts', () => {
  it('reads the bank’s decline code before the generic card_declined', () => {
    expect(cardErrorMessage({ code: 'card_declined', declineCode: 'insufficient_funds' })).toBe(
      CARD_ERROR_TEXT.insufficientFunds,
    );
    expect(cardErrorMessage({ code: 'card_declined', declineCode: 'generic_decline' })).toBe(
      'Deine Karte wurde abgelehnt. Bitte verwende eine andere Karte oder wende dich an deine Bank.',
    );
    expect(cardErrorMessage({ code: 'card_declined' })).toBe(CARD_ERROR_TEXT.declined);
  });

  it('maps the error codes of the card itself', () => {
    expect(cardErrorMessage({ code: 'expired_card' })).toBe(
      'Deine Karte ist abgelaufen. Bitte verwende eine andere Karte.',
    );
    expect(cardErrorMessage({ code: 'incorrect_cvc' })).toBe('Die Prüfnummer ist falsch.');
    expect(cardErrorMessage({ code: 'invalid_cvc' })).toBe('Die Prüfnummer ist falsch.');
    expect(cardErrorMessage({ code: 'incorrect_number' })).toBe('Die Kartennummer ist ungültig.');
    expect(cardErrorMessage({ code: 'invalid_expiry_month' })).toBe('Das Ablaufdatum ist ungültig.');
    expect(cardErrorMessage({ code: 'processing_error' })).toBe(CARD_ERROR_TEXT.processing);
    expect(cardErrorMessage({ code: 'authentication_required' })).toBe(CARD_ERROR_TEXT.authenticationRequired);
    expect(cardErrorMessage({ code: 'card_declined', declineCode: 'authentication_required' })).toBe(
      CARD_ERROR_TEXT.authenticationRequired,
    );
  });

  it('does not tell why a lost, stolen or fraudulent card was refused', () => {
    for (const declineCode of ['lost_card', 'stolen_card', 'fraudulent', 'pickup_card'])
      expect(cardErrorMessage({ code: 'card_declined', declineCode })).toBe(CARD_ERROR_TEXT.declined);
  });

  it('falls back to the generic refusal for unknown or missing codes', () => {
    expect(cardErrorMessage({})).toBe(CARD_ERROR_TEXT.declined);
    expect(cardErrorMessage({ code: null, declineCode: null })).toBe(CARD_ERROR_TEXT.declined);
    expect(cardErrorMessage({ code: 'something_new', declineCode: 'also_new' })).toBe(CARD_ERROR_TEXT.declined);
    // An unknown decline code still uses a known error code.
    expect(cardErrorMessage({ code: 'expired_card', declineCode: 'also_new' })).toBe(CARD_ERROR_TEXT.expired);
  });

  it('answers German for every declining test card, never the provider’s English', () => {
    for (const card of TEST_CARDS) {
      if (card.outcome.kind !== 'decline') continue;
      const text = cardErrorMessage(card.outcome);
      expect(text).not.toBe(card.outcome.message);
      expect(text).toMatch(/Karte/);
    }
  });

  it('never answers an inherited object key', () => {
    expect(cardErrorMessage({ code: 'toString', declineCode: '__proto__' })).toBe(CARD_ERROR_TEXT.declined);
  });
});
