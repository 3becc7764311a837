import * as z from 'zod/mini';
import { emailField, mustAccept } from '../validation/fields.ts';
import { NEWSLETTER_TEXT } from './newsletter-text.ts';

/**
 * The newsletter (01 §2 popup 'Wir spenden für DICH!', the footer; issue 13): double opt-in.
 * `POST newsletter` stores a pending subscription and mails a confirmation link
 * (/newsletter/bestaetigen/:token → `POST newsletter/confirm`); every newsletter mail carries an
 * unsubscribe link (/newsletter/abmelden/:token → `POST newsletter/unsubscribe`), both without login.
 * Admins download the confirmed list (`GET newsletter/download-csv`).
 */
export { NEWSLETTER_TEXT };

export const NEWSLETTER_SOURCES = ['popup', 'footer'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** POST newsletter: the address, the consent checkbox and where the form was (defaults to the footer). */
export const newsletterSignUpSchema = z.object({
  email: emailField(),
  consent: mustAccept(),
  source: z._default(z.enum(NEWSLETTER_SOURCES), 'footer'),
});
export type NewsletterSignUpRequest = z.input<typeof newsletterSignUpSchema>;
export type NewsletterSignUpInput = z.output<typeof newsletterSignUpSchema>;

/** POST newsletter/confirm and newsletter/unsubscribe: the token of the mail's link. */
export const newsletterTokenSchema = z.object({
  token: z
    .string({ error: NEWSLETTER_TEXT.tokenRequired })
    .check(z.trim(), z.minLength(1, NEWSLETTER_TEXT.tokenRequired), z.maxLength(200, NEWSLETTER_TEXT.tokenRequired)),
});
export type NewsletterTokenRequest = z.infer<typeof newsletterTokenSchema>;

export const newsletterAnswerSchema = z.object({ message: z.string() });
export type NewsletterAnswer = z.infer<typeof newsletterAnswerSchema>;

/** The CSV's columns: one row per confirmed subscriber. */
export const NEWSLETTER_CSV_HEADER = ['E-Mail', 'Angemeldet am', 'Bestätigt am', 'Quelle', 'Abmeldelink'] as const;
export const newsletterCsvFileName = (date: string) => `newsletter-${date}.csv`;

/** The web pages the mails link to. */
export const newsletterConfirmPath = (token: string) => `/newsletter/bestaetigen/${encodeURIComponent(token)}`;
export const newsletterUnsubscribePath = (token: string) => `/newsletter/abmelden/${encodeURIComponent(token)}`;
