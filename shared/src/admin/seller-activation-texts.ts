/**
 * The German texts of seller activation (02 §1, 03 §2, §7), apart from the contracts: the seller gate
 * of selling and redeeming needs them, not the schemas (seller-activation.ts re-exports them).
 */
export const ACTIVATION_TEXT = {
  /** Sales and redemption refused for a seller the product has not activated yet (422). */
  sellerNotActivated:
    'Dieses Unternehmen wurde noch nicht freigeschaltet. Seine Gutscheine können erst nach unserer Prüfung verkauft und eingelöst werden.',
  /** The same, said to the seller or its scanner users themselves. */
  ownAccountNotActivated:
    'Dein Unternehmenskonto wird noch geprüft. Verkaufen und Einlösen ist erst nach der Freischaltung möglich.',
  /** The seller dashboard notice (/home). */
  dashboardNoticeTitle: 'Dein Konto wird geprüft',
  dashboardNotice:
    'Vielen Dank für deine Registrierung! Wir prüfen gerade deine Angaben und Dokumente und melden uns innerhalb von 24 Stunden bei dir. Bis zur Freischaltung kannst du deine Gutscheine bereits gestalten; sichtbar und verkäuflich werden sie erst danach.',
  /** auth/login of a deactivated buyer or scanner user. */
  accountDeactivated: 'Dein Konto wurde deaktiviert. Bitte kontaktiere uns, wenn du Fragen dazu hast.',
  documentsMissing:
    'Der Verkäufer kann erst aktiviert werden, wenn Vorder- und Rückseite seines Ausweises hochgeladen sind.',
  notYourself: 'Du kannst deinen eigenen Account nicht ändern.',
  activated: 'Der Benutzer wurde aktiviert.',
  deactivated: 'Der Benutzer wurde deaktiviert.',
  verified: 'Die Dokumente wurden als geprüft markiert.',
  noVerification: 'Für diesen Benutzer liegen keine Verifizierungsdaten vor.',
  documentMissing: 'Dieses Dokument wurde nicht hochgeladen.',
  userNotFound: 'Benutzer nicht gefunden.',
  /** The login page dialog for `?status=verified` (01 §2). */
  verifiedDialogTitle: 'Erfolgreich!',
  verifiedDialogText:
    'Dein Konto wurde verifiziert. Melde dich jetzt an und viel Freude mit deinen Gutscheinen auf dem Gutscheinmarkt!',
} as const;
