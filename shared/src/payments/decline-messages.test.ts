import { describe, expect, it } from 'vitest';
import { CARD_DECLINED_MESSAGE, INSUFFICIENT_FUNDS_MESSAGE, TEST_CARDS } from './test-cards.ts';
import { DECLINE_MESSAGES, declineMessage, GENERIC_DECLINE_MESSAGE } from './decline-messages.ts';

describe('declineMessage', () => {
  it('has a German text for each decline the checkout meets', () => {
    expect(declineMessage('card_declined')).toBe(
      'Deine Karte wurde abgelehnt. Bitte versuche es mit einer anderen Karte.',
    );
    expect(declineMessage('card_declined', 'insufficient_funds')).toBe(
      'Deine Karte ist nicht ausreichend gedeckt. Bitte versuche es mit einer anderen Karte.',
    );
    expect(declineMessage('expired_card')).toBe(
      'Deine Karte ist abgelaufen. Bitte versuche es mit einer anderen Karte.',
    );
    expect(declineMessage('incorrect_cvc')).toBe(
      'Die Prüfnummer (CVC) ist falsch. Bitte prüfe sie und versuche es erneut.',
    );
    expect(declineMessage('incorrect_number')).toBe(
      'Die Kartennummer ist falsch. Bitte prüfe sie und versuche es erneut.',
    );
    expect(declineMessage('processing_error')).toBe(
      'Bei der Verarbeitung deiner Karte ist ein Fehler aufgetreten. Bitte versuche es erneut.',
    );
    expect(declineMessage('card_declined', 'authentication_required')).toMatch(/Bestätigung/);
  });

  it('does not tell the payer that a card was reported lost or stolen', () => {
    expect(declineMessage('card_declined', 'lost_card')).toBe(declineMessage('card_declined'));
    expect(declineMessage('card_declined', 'stolen_card')).toBe(declineMessage('card_declined'));
  });

  it('prefers the decline code, then the code, then the generic text', () => {
    expect(declineMessage('card_declined', 'expired_card')).toBe(DECLINE_MESSAGES.expired_card);
    expect(declineMessage('card_declined', 'something_new')).toBe(DECLINE_MESSAGES.card_declined);
    expect(declineMessage('unknown_code', 'unknown_decline')).toBe(GENERIC_DECLINE_MESSAGE);
    expect(declineMessage()).toBe(GENERIC_DECLINE_MESSAGE);
    expect(declineMessage(null, null)).toBe(GENERIC_DECLINE_MESSAGE);
    expect(GENERIC_DECLINE_MESSAGE).toBe('Die Zahlung wurde abgelehnt. Bitte versuche es mit einer anderen Karte.');
    // Not fooled by inherited keys.
    expect(declineMessage('constructor', 'toString')).toBe(GENERIC_DECLINE_MESSAGE);
  });

  it('gives no English provider text for any declining test card', () => {
    for (const card of TEST_CARDS) {
      if (card.outcome.kind !== 'decline') continue;
      const text = declineMessage(card.outcome.code, card.outcome.declineCode);
      expect(text).not.toBe(card.outcome.message);
      expect([CARD_DECLINED_MESSAGE, INSUFFICIENT_FUNDS_MESSAGE]).not.toContain(text);
      expect(text).not.toMatch(/\byour\b|\bcard\b/i);
    }
  });
});
