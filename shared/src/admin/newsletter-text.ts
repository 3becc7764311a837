import { NEWSLETTER_FOOTER_TEXT } from './newsletter-footer-text.ts';

/** The newsletter's German texts: a module of its own (no zod), so the footer's first load does not carry the contracts (issue 15). */
export const NEWSLETTER_TEXT = {
  popupTitle: 'Wir spenden für DICH!',
  popupText: 'Für jede Anmeldung zu unserem Newsletter spenden wir 1 € an soziale Projekte in deiner Region.',
  footerTitle: NEWSLETTER_FOOTER_TEXT.title,
  footerText: NEWSLETTER_FOOTER_TEXT.text,
  submit: 'Abonnieren',
  /** The same answer whatever the address's state, so the form reveals nobody's subscription. */
  signedUp: 'Fast geschafft! Bitte bestätige deine Anmeldung über den Link in der E-Mail, die wir dir schicken.',
  confirmTitle: 'Newsletter bestätigen',
  confirming: 'Einen Moment, wir bestätigen deine Anmeldung …',
  confirmed: 'Danke! Deine Anmeldung zum Newsletter ist bestätigt.',
  confirmInvalid: 'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet.',
  unsubscribeTitle: 'Newsletter abmelden',
  unsubscribing: 'Einen Moment, wir melden dich ab …',
  unsubscribed: 'Du bist vom Newsletter abgemeldet.',
  unsubscribeInvalid: 'Dieser Abmeldelink ist ungültig.',
  tokenRequired: 'Der Link ist unvollständig.',
  mailSubject: 'Bitte bestätige deine Newsletter-Anmeldung',
  download: 'Newsletter-Liste (CSV)',
} as const;
