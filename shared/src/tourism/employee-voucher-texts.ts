/**
 * The German texts of employee vouchers (issue 13), apart from the contracts: the cart and wishlist
 * refuse employees with them and need no schemas (employee-vouchers.ts re-exports them).
 */
export const EMPLOYEE_VOUCHER_TEXT = {
  pageTitle: 'Mitarbeitergutscheine',
  search: 'Suche nach Titel',
  redemptionsCsv: 'Redemptions CSV',
  valueSaved: 'Der Wert wurde gespeichert.',
  activated: 'Gutscheine aktivieren.',
  deactivated: 'Gutscheine deaktiveren.',
  notFound: 'Gutschein nicht gefunden.',
  onlyPartners: 'Nur Partnerbetriebe können Mitarbeitergutscheine erstellen.',
  noTourismAccount: 'Dein Partnerbetrieb ist keinem Tourismusverband zugeordnet.',
  onlyEmployees: 'Nur Mitarbeiter haben eine Mitarbeiter-Wallet.',
  noCartForEmployees: 'Mitarbeiter können keine Gutscheine in den Warenkorb legen.',
  noWishlistForEmployees: 'Mitarbeiter haben keine Wunschliste.',
  alreadyRedeemed: 'Du hast diesen Mitarbeitergutschein bereits eingelöst.',
  alreadyRedeemedStaff: 'Dieser Mitarbeiter hat diesen Gutschein bereits eingelöst.',
  inactive: 'Dieser Mitarbeitergutschein ist nicht aktiv.',
  valueChanged: 'Der Wert dieses Gutscheins wurde inzwischen geändert. Bitte lade die Seite neu.',
  redeemed: 'Der Mitarbeitergutschein wurde eingelöst.',
  wallet: 'Meine Wallet',
  all: 'Alle',
  redeemButton: 'Gutschein einlösen',
  selfRedeemButton: 'Jetzt selbst einlösen',
  selfRedeemConfirm: 'Bist du sicher, dass du diesen Gutschein jetzt selbst einlösen möchtest?',
  claimHint: 'Zeige diesen Code beim Partnerbetrieb vor, um den Gutschein einzulösen.',
} as const;
