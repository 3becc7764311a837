/* The orders' German texts: a module of its own (no zod), so the buy buttons' first load does not carry the order contracts (issue 15); orders/contracts.ts re-exports them. */

export const ORDER_TEXT = {
  addedToCart: 'Die Gutscheine wurden in den Warenkorb gelegt.',
  removedFromCart: 'Der Gutschein wurde aus dem Warenkorb entfernt.',
  paymentCancelled: 'Zahlung wurde abgebrochen. Bitte versuche es erneut oder wähle eine andere Zahlungsmethode.',
  // The spec quotes the original's English 'Select a payment method first.' and 'This coupon does not exist'.
  selectPaymentMethod: 'Bitte wähle zuerst eine Zahlungsart.',
  couponInvalid: 'Diesen Gutscheincode gibt es nicht.',
  paymentDoneTitle: 'Danke!',
  paymentDone: 'Die Zahlung wurde erfolgreich durchgeführt.',
  guestThankYou: 'Danke! Der Gutschein und die Rechnung sind via Email am Weg zu dir.',
  salesPaused:
    'Neue Gutscheinkäufe sind derzeit nicht möglich. Bereits gekaufte Gutscheine können weiterhin eingelöst werden.',
  emptyCart: 'Dein Warenkorb ist leer.',
  cartNote: 'Du kannst deinen Gutschein nach dem Kauf personalisieren.',
  /** A tenant shop sells only its own seller's vouchers (422 on `voucher_id`). */
  notInThisShop: 'Dieser Gutschein ist in diesem Shop nicht erhältlich.',
} as const;
