import * as z from 'zod/mini';

/**
 * Seller mails and expiry reminders (issue 12): the public unsubscribe call of the reminder mails
 * (`POST reminders/unsubscribe`, no login; the token from the mail's link /erinnerungen/abmelden/:token).
 */
export const REMINDER_TEXT = {
  unsubscribed: 'Du erhältst keine Erinnerungen mehr.',
  invalidLink: 'Dieser Abmeldelink ist ungültig oder abgelaufen.',
  tokenRequired: 'Der Abmeldelink ist unvollständig.',
  pageTitle: 'Erinnerungen abmelden',
  working: 'Einen Moment, wir melden dich ab …',
} as const;

export const unsubscribeRequestSchema = z.object({
  token: z
    .string({ error: REMINDER_TEXT.tokenRequired })
    .check(z.trim(), z.minLength(1, REMINDER_TEXT.tokenRequired), z.maxLength(200)),
});
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

export const unsubscribeAnswerSchema = z.object({ message: z.string() });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

/** The web page the reminder mail links to. */
export const unsubscribePath = (token: string) => `/erinnerungen/abmelden/${encodeURIComponent(token)}`;
