import { describe, expect, it } from 'vitest';
import { passesLuhn, TEST_CARDS, testCardByNumber, testCardByToken } from './test-cards.ts';

describe('test cards', () => {
  it('are valid card numbers with distinct tokens', () => {
    for (const card of TEST_CARDS) expect(passesLuhn(card.number), card.number).toBe(true);
    expect(new Set(TEST_CARDS.map((c) => c.token)).size).toBe(TEST_CARDS.length);
  });

  it('finds cards by number (spaces allowed) and token', () => {
    expect(testCardByNumber('4242 4242 4242 4242')?.outcome).toEqual({ kind: 'success' });
    expect(testCardByNumber('4000-0000-0000-0002')?.outcome).toMatchObject({
      kind: 'decline',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
    expect(testCardByNumber('4000000000003220')?.outcome).toEqual({ kind: 'authenticate' });
    expect(testCardByToken('pm_card_visa')?.number).toBe('4242424242424242');
    expect(testCardByNumber('4111111111111111')).toBeUndefined();
  });

  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('12345')).toBe(false);
    expect(passesLuhn('4111 1111 1111 1111')).toBe(true);
  });
});
