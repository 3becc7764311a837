import * as z from 'zod/mini';

/**
 * Stripe Connect onboarding (issue 12; 02 §2 payout banner, 01 §7 `user/stipe-status`).
 * `POST user/stripe-onboarding` answers the Account Link the browser goes to.
 */
export const stripeOnboardingAnswerSchema = z.object({ url: z.string().check(z.url()) });
export type StripeOnboardingAnswer = z.infer<typeof stripeOnboardingAnswerSchema>;

export const stripeStatusSchema = z.object({ isPayoutEnabled: z.boolean() });
export type StripeStatus = z.infer<typeof stripeStatusSchema>;

/** Where Stripe sends the seller back: the verification tab (currentTab=2) of the profile. */
export const ONBOARDING_RETURN_PATH = '/profile-info?currentTab=2&stripe=return';
export const ONBOARDING_REFRESH_PATH = '/profile-info?currentTab=2&stripe=refresh';

export const CONNECT_TEXT = {
  start: 'Auszahlungen einrichten',
  starting: 'Weiterleitung zu Stripe…',
  enabled: 'Auszahlungen sind freigeschaltet.',
  pending: 'Deine Angaben werden von Stripe geprüft. Das kann einen Moment dauern.',
  intro:
    'Auszahlungen laufen über unseren Zahlungsdienstleister Stripe. Richte dein Auszahlungskonto einmalig ein; deine IBAN aus der Registrierung ist schon eingetragen.',
  expired: 'Der Link zu Stripe ist abgelaufen. Bitte starte die Einrichtung noch einmal.',
  noPayoutAccount: 'Für dieses Konto sind keine Auszahlungsdaten hinterlegt.',
} as const;
