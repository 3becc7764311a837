/**
 * German texts for the card payment provider's refusals (01 §8 "Card errors": shown under the card
 * field). The provider answers English messages ("Your card was declined."); what the buyer reads is
 * chosen from its codes instead — the `decline_code` of a bank refusal first (more specific), then the
 * error `code` — with a generic refusal for anything unknown. The web (local card form, Stripe.js) and
 * the functions (a declined payment's 422) both use it, so the same refusal reads the same everywhere.
 * Stolen, lost or fraud codes get the generic text on purpose: the buyer is not told why (Stripe's advice).
 */
export const CARD_ERROR_TEXT = {
  declined: 'Deine Karte wurde abgelehnt. Bitte verwende eine andere Karte oder wende dich an deine Bank.',
  insufficientFunds: 'Deine Karte ist nicht ausreichend gedeckt. Bitte verwende eine andere Karte.',
  expired: 'Deine Karte ist abgelaufen. Bitte verwende eine andere Karte.',
  incorrectCvc: 'Die Prüfnummer ist falsch.',
  incompleteCvc: 'Die Prüfnummer ist unvollständig.',
  incorrectNumber: 'Die Kartennummer ist ungültig.',
  incompleteNumber: 'Die Kartennummer ist unvollständig.',
  invalidExpiry: 'Das Ablaufdatum ist ungültig.',
  incompleteExpiry: 'Das Ablaufdatum ist unvollständig.',
  incorrectZip: 'Die Postleitzahl passt nicht zu deiner Karte.',
  processing: 'Bei der Verarbeitung deiner Karte ist ein Fehler aufgetreten. Bitte versuche es noch einmal.',
  authenticationRequired:
    'Deine Bank verlangt eine Bestätigung dieser Zahlung. Bitte versuche es noch einmal und bestätige die Zahlung bei deiner Bank.',
  authenticationFailed: 'Die Bestätigung bei deiner Bank ist fehlgeschlagen. Bitte versuche es noch einmal.',
  limitExceeded: 'Das Limit deiner Karte ist erreicht. Bitte verwende eine andere Karte.',
  notSupported: 'Diese Karte wird für diese Zahlung nicht unterstützt. Bitte verwende eine andere Karte.',
  tryAgainLater: 'Deine Bank ist gerade nicht erreichbar. Bitte versuche es später noch einmal.',
  testModeLiveCard: 'In der Testumgebung funktionieren nur Testkarten.',
} as const;

type CardErrorText = (typeof CARD_ERROR_TEXT)[keyof typeof CARD_ERROR_TEXT];

/** Stripe's `decline_code`s (a bank's refusal of a `card_declined`) and error `code`s, by text. */
const BY_CODE: ReadonlyMap<string, CardErrorText> = new Map(
  Object.entries({
    // Refusals without a reason the buyer may be told.
    card_declined: CARD_ERROR_TEXT.declined,
    generic_decline: CARD_ERROR_TEXT.declined,
    do_not_honor: CARD_ERROR_TEXT.declined,
    do_not_try_again: CARD_ERROR_TEXT.declined,
    call_issuer: CARD_ERROR_TEXT.declined,
    no_action_taken: CARD_ERROR_TEXT.declined,
    not_permitted: CARD_ERROR_TEXT.declined,
    revocation_of_authorization: CARD_ERROR_TEXT.declined,
    transaction_not_allowed: CARD_ERROR_TEXT.declined,
    fraudulent: CARD_ERROR_TEXT.declined,
    merchant_blacklist: CARD_ERROR_TEXT.declined,
    lost_card: CARD_ERROR_TEXT.declined,
    stolen_card: CARD_ERROR_TEXT.declined,
    pickup_card: CARD_ERROR_TEXT.declined,
    restricted_card: CARD_ERROR_TEXT.declined,
    security_violation: CARD_ERROR_TEXT.declined,
    // Refusals the buyer can act on.
    insufficient_funds: CARD_ERROR_TEXT.insufficientFunds,
    expired_card: CARD_ERROR_TEXT.expired,
    incorrect_cvc: CARD_ERROR_TEXT.incorrectCvc,
    invalid_cvc: CARD_ERROR_TEXT.incorrectCvc,
    incomplete_cvc: CARD_ERROR_TEXT.incompleteCvc,
    incorrect_number: CARD_ERROR_TEXT.incorrectNumber,
    invalid_number: CARD_ERROR_TEXT.incorrectNumber,
    invalid_account: CARD_ERROR_TEXT.incorrectNumber,
    incomplete_number: CARD_ERROR_TEXT.incompleteNumber,
    invalid_expiry_month: CARD_ERROR_TEXT.invalidExpiry,
    invalid_expiry_year: CARD_ERROR_TEXT.invalidExpiry,
    invalid_expiry_year_past: CARD_ERROR_TEXT.expired,
    incomplete_expiry: CARD_ERROR_TEXT.incompleteExpiry,
    incorrect_zip: CARD_ERROR_TEXT.incorrectZip,
    incorrect_pin: CARD_ERROR_TEXT.declined,
    processing_error: CARD_ERROR_TEXT.processing,
    reenter_transaction: CARD_ERROR_TEXT.processing,
    authentication_required: CARD_ERROR_TEXT.authenticationRequired,
    offline_pin_required: CARD_ERROR_TEXT.authenticationRequired,
    online_or_offline_pin_required: CARD_ERROR_TEXT.authenticationRequired,
    payment_intent_authentication_failure: CARD_ERROR_TEXT.authenticationFailed,
    card_velocity_exceeded: CARD_ERROR_TEXT.limitExceeded,
    withdrawal_count_limit_exceeded: CARD_ERROR_TEXT.limitExceeded,
    card_not_supported: CARD_ERROR_TEXT.notSupported,
    currency_not_supported: CARD_ERROR_TEXT.notSupported,
    invalid_amount: CARD_ERROR_TEXT.notSupported,
    try_again_later: CARD_ERROR_TEXT.tryAgainLater,
    issuer_not_available: CARD_ERROR_TEXT.tryAgainLater,
    approve_with_id: CARD_ERROR_TEXT.tryAgainLater,
    test_mode_live_card: CARD_ERROR_TEXT.testModeLiveCard,
    testmode_decline: CARD_ERROR_TEXT.testModeLiveCard,
  }),
);

export type CardErrorCodes = { code?: string | null | undefined; declineCode?: string | null | undefined };

/** The German text for a refused card: by decline code, then error code, else the generic refusal. */
export function cardErrorMessage({ code, declineCode }: CardErrorCodes): string {
  // A Map, not an object lookup: a code such as "constructor" must not find an inherited property.
  return (
    (declineCode ? BY_CODE.get(declineCode) : undefined) ??
    (code ? BY_CODE.get(code) : undefined) ??
    CARD_ERROR_TEXT.declined
  );
}
