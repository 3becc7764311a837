import * as z from 'zod/mini';
import { emailField, mustAccept, optionalString, requiredString } from '../validation/fields.ts';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_PHONE_MAX = 40;
export const CONTACT_MESSAGE_MAX = 2000;

/** POST contact (01 §2 imprint, §5): name, e-mail, message and consent required, phone optional. */
export const contactRequestSchema = z.object({
  name: requiredString(CONTACT_NAME_MAX),
  phone: optionalString(CONTACT_PHONE_MAX),
  email: emailField(),
  message: requiredString(CONTACT_MESSAGE_MAX),
  consent: mustAccept(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactInput = z.output<typeof contactRequestSchema>;

export const CONTACT_TEXT = {
  sent: 'Danke für deine Nachricht! Wir melden uns so bald wie möglich bei dir.',
} as const;
/** The success dialog closes after 2 s (01 §9). */
export const CONTACT_SUCCESS_MS = 2000;

export const contactResponseSchema = z.object({ message: z.string() });
