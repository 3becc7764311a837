/**
 * The German texts of redemption and scanner staff (02 §2, §3, §9), apart from the contracts: the
 * authentication every function runs needs one of them, not the schemas (contracts.ts re-exports them).
 */
/** The one text the authentication of every function needs: on its own, so no bundle carries the rest for it. */
export const SCANNER_INACTIVE = 'Dein Scanner-Zugang ist deaktiviert.';

export const REDEMPTION_TEXT = {
  title: 'Gutscheine scannen',
  redeemed: 'Der Gutschein wurde eingelöst',
  redeemedPage: 'Eingelöst',
  notFound: 'Gutschein nicht gefunden.',
  redemptionNotFound: 'Einlösung nicht gefunden.',
  fullyRedeemed: 'Dieser Gutschein wurde bereits vollständig eingelöst.',
  reversed: 'Die Bestellung dieses Gutscheins wurde storniert. Er kann nicht eingelöst werden.',
  /** A reversal of its order is running (user voucher `reversing`, issue 11). */
  reversing: 'Dieser Gutschein wird gerade storniert.',
  expired: (date: string) => `Dieser Gutschein ist seit ${date} abgelaufen. Möchtest du ihn trotzdem einlösen?`,
  tooMuchValue: (max: string) => `Es können höchstens ${max} eingelöst werden.`,
  tooManyUnits: (max: number) => `Es können höchstens ${max} Stück eingelöst werden.`,
  /** Gift option 'Nur auf einmal einlösbar' (`voucher_usage: once`): one redemption of everything left. */
  onceOnlyValue: (all: string) =>
    `Dieser Gutschein ist nur auf einmal einlösbar. Bitte löse den ganzen Restwert von ${all} ein.`,
  onceOnlyUnits: (all: number) => `Dieser Gutschein ist nur auf einmal einlösbar. Bitte löse alle ${all} Stück ein.`,
  onceOnlyNote: 'Nur auf einmal einlösbar: Der Gutschein wird vollständig eingelöst.',
  changedMeanwhile: 'Der Gutschein wurde gerade anderweitig eingelöst. Bitte scanne ihn erneut.',
  busy: 'Der Gutschein wird gerade eingelöst. Bitte versuche es erneut.',
  keyReused: 'Dieser Idempotency-Key wurde bereits für eine andere Einlösung verwendet.',
  scannerInactive: SCANNER_INACTIVE,
  revoke: 'Einlösung rückgängig machen',
  revoked: 'Einlösung widerrufen',
  revokeConfirm: 'Bist du sicher, dass du diese Einlösung rückgängig machen möchtest?',
  revokeDone: 'Die Einlösung wurde rückgängig gemacht.',
  alreadyRevoked: 'Diese Einlösung wurde bereits widerrufen.',
  cannotRevokeReversed: 'Die Bestellung wurde storniert; die Einlösung kann nicht rückgängig gemacht werden.',
  scannerCreated: 'Der Scanner-Benutzer wurde angelegt.',
  scannerActivated: 'Der Scanner-Benutzer wurde aktiviert.',
  scannerDeactivated: 'Der Scanner-Benutzer wurde deaktiviert.',
  scannerNotFound: 'Scanner-Benutzer nicht gefunden.',
} as const;
