/** German validation texts of spec 01 §5, verbatim. */
export const MSG = {
  required: 'Dieses Feld muss ausgefüllt werden',
  email: 'Diese Emailadresse ist ungültig.',
  max: (length: number) => `Es dürfen maximal ${length} Zeichen verwendet werden.`,
  min: (length: number) => `Muss mindestens ${length} Zeichen enthalten.`,
  maxValue: (max: number | string) => `Der Wert darf maximal ${max} betragen.`,
  minValue: (min: number | string) => `Der Wert muss mindestens sein ${min}.`,
  integer: 'Der Wert muss eine ganze Zahl sein.',
  numeric: 'Der Wert muss eine Zahl sein.',
  passwordMismatch: 'Passwort ist unterschiedlich',
  mustAccept: 'Dieses Feld muss ausgefüllt werden',
  emailTaken: 'Diese Emailadresse wird bereits verwendet.',
  usernameTaken: 'Dieser Benutzername ist bereits vergeben.',
  invalidDate: 'Bitte gib ein gültiges Datum ein',
  submitFailed: 'Dieses Feld muss ausgefüllt werden!',
  /** Our fallback where a contract names no text of the spec (a wrong type or option sent by hand). */
  invalid: 'Der Wert ist ungültig.',
} as const;

/** Dialog and notice texts shared by several screens (01 §8). */
export const TEXT = {
  genericError: 'Etwas ist schief gelaufen. Versuche es nochmal oder kontaktiere uns.',
  attention: 'Achtung!',
  warning: 'Warnung!',
  success: 'Erfolgreich!',
  confirm: 'Bestätigen',
  cancel: 'Abbrechen',
  empty: 'Noch keine Daten vorhanden.',
  emailSentTitle: 'Email verschickt!',
  emailSentText: 'Du hast soeben ein Email bekommen, bitte öffne dort den Link, um dein Passwort zu ändern.',
  passwordChanged: 'Erfolgreich! Dein Passwort wurde geändert.',
  infoUpdated: 'Info aktualisiert.',
  socialFailed: 'Something Went Wrong. Please try again later.',
  socialCancelled: 'User cancelled login or did not fully authorize.',
  loginFailed: 'Die E-Mail-Adresse oder das Passwort ist falsch.',
  notFound: 'Nicht gefunden.',
  unauthenticated: 'Bitte melde dich an.',
  forbidden: 'Du darfst diese Aktion nicht ausführen.',
  resetTokenInvalid: 'Der Link zum Zurücksetzen ist ungültig oder abgelaufen.',
  tooManyRequests: 'Zu viele Anfragen. Bitte versuche es später erneut.',
  discontinuation:
    'Wir stellen unseren Dienst ein: Neue Gutscheinkäufe sind nicht mehr möglich. Bereits gekaufte Gutscheine können weiterhin eingelöst und verwaltet werden, Regions- und Teamgutscheine bleiben aktiv. Grund sind neue Anforderungen unseres Zahlungsanbieters, die einen kompletten Neubau erfordern würden.',
} as const;
