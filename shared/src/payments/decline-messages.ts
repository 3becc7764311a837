/**
 * German texts for a refused card payment, from Stripe's error `code` and `decline_code`
 * (https://docs.stripe.com/declines/codes). Stripe's own `message` is English and never reaches the
 * buyer. The decline code is the more specific of the two, so it wins; unknown codes get the generic text.
 */
export const GENERIC_DECLINE_MESSAGE = 'Die Zahlung wurde abgelehnt. Bitte versuche es mit einer anderen Karte.';

const CARD_DECLINED = 'Deine Karte wurde abgelehnt. Bitte versuche es mit einer anderen Karte.';
const INCORRECT_CVC = 'Die Prüfnummer (CVC) ist falsch. Bitte prüfe sie und versuche es erneut.';
const INCORRECT_NUMBER = 'Die Kartennummer ist falsch. Bitte prüfe sie und versuche es erneut.';
const AUTHENTICATION =
  'Deine Bank verlangt eine Bestätigung der Zahlung. Bitte versuche es erneut und bestätige die Zahlung.';

export const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  card_declined: CARD_DECLINED,
  generic_decline: CARD_DECLINED,
  do_not_honor: CARD_DECLINED,
  insufficient_funds: 'Deine Karte ist nicht ausreichend gedeckt. Bitte versuche es mit einer anderen Karte.',
  // Stripe asks not to tell the payer that a card was reported lost or stolen: the card-declined text.
  lost_card: CARD_DECLINED,
  stolen_card: CARD_DECLINED,
  pickup_card: CARD_DECLINED,
  fraudulent: CARD_DECLINED,
  expired_card: 'Deine Karte ist abgelaufen. Bitte versuche es mit einer anderen Karte.',
  invalid_expiry_month: 'Das Ablaufdatum der Karte ist ungültig.',
  invalid_expiry_year: 'Das Ablaufdatum der Karte ist ungültig.',
  incorrect_cvc: INCORRECT_CVC,
  invalid_cvc: INCORRECT_CVC,
  incorrect_number: INCORRECT_NUMBER,
  invalid_number: INCORRECT_NUMBER,
  processing_error: 'Bei der Verarbeitung deiner Karte ist ein Fehler aufgetreten. Bitte versuche es erneut.',
  authentication_required: AUTHENTICATION,
  payment_intent_authentication_failure:
    'Die Bestätigung bei deiner Bank ist fehlgeschlagen. Bitte versuche es erneut oder verwende eine andere Karte.',
  card_velocity_exceeded: 'Das Limit deiner Karte ist erreicht. Bitte versuche es mit einer anderen Karte.',
  withdrawal_count_limit_exceeded: 'Das Limit deiner Karte ist erreicht. Bitte versuche es mit einer anderen Karte.',
  currency_not_supported: 'Deine Karte unterstützt diese Währung nicht. Bitte versuche es mit einer anderen Karte.',
  card_not_supported: 'Deine Karte unterstützt diese Zahlung nicht. Bitte versuche es mit einer anderen Karte.',
};

/** The buyer's text for a refused payment: the decline code's, else the error code's, else the generic one. */
export function declineMessage(code?: string | null, declineCode?: string | null): string {
  const own = (key: string | null | undefined) =>
    key && Object.hasOwn(DECLINE_MESSAGES, key) ? DECLINE_MESSAGES[key] : undefined;
  return own(declineCode) ?? own(code) ?? GENERIC_DECLINE_MESSAGE;
}
