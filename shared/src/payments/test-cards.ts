/**
 * Stripe's test cards that the local payment stand-in (scripts/dev/stripe-stand-in.ts) understands,
 * with the outcome each one produces. The numbers and PaymentMethod tokens are Stripe's own, so the
 * same cards work against Stripe's test mode. The web's local card form may list them as hints.
 */
export type TestCardOutcome =
  /** Charged at once. */
  | { kind: 'success' }
  /** Refused by the "bank": HTTP 402 card_error with this code / decline_code and Stripe's message. */
  | { kind: 'decline'; code: string; declineCode: string; message: string }
  /** 3-D Secure: the PaymentIntent goes to requires_action with a redirect to an authorisation page. */
  | { kind: 'authenticate' };

export type TestCard = {
  number: string;
  /** Stripe's PaymentMethod token for the same card (`payment_method: 'pm_card_visa'`). */
  token: string;
  brand: 'visa' | 'mastercard';
  label: string;
  outcome: TestCardOutcome;
};

export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your card has insufficient funds.';

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    token: 'pm_card_visa',
    brand: 'visa',
    label: 'Visa, erfolgreich',
    outcome: { kind: 'success' },
  },
  {
    number: '5555555555554444',
    token: 'pm_card_mastercard',
    brand: 'mastercard',
    label: 'Mastercard, erfolgreich',
    outcome: { kind: 'success' },
  },
  {
    number: '4000000000000002',
    token: 'pm_card_chargeDeclined',
    brand: 'visa',
    label: 'Visa, abgelehnt',
    outcome: { kind: 'decline', code: 'card_declined', declineCode: 'generic_decline', message: CARD_DECLINED_MESSAGE },
  },
  {
    number: '4000000000009995',
    token: 'pm_card_chargeDeclinedInsufficientFunds',
    brand: 'visa',
    label: 'Visa, Deckung nicht ausreichend',
    outcome: {
      kind: 'decline',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: INSUFFICIENT_FUNDS_MESSAGE,
    },
  },
  {
    number: '4000000000003220',
    token: 'pm_card_threeDSecure2Required',
    brand: 'visa',
    label: 'Visa, 3-D Secure',
    outcome: { kind: 'authenticate' },
  },
  {
    number: '4000002500003155',
    token: 'pm_card_authenticationRequired',
    brand: 'visa',
    label: 'Visa, Authentifizierung nötig',
    outcome: { kind: 'authenticate' },
  },
];

/** Digits only: "4242 4242 4242 4242" → "4242424242424242". */
export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function testCardByNumber(number: string): TestCard | undefined {
  const digits = normaliseCardNumber(number);
  return TEST_CARDS.find((card) => card.number === digits);
}

export function testCardByToken(token: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.token === token);
}

/** The Luhn checksum every real card number passes. */
export function passesLuhn(number: string): boolean {
  const digits = normaliseCardNumber(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
