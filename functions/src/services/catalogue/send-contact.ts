import { CONTACT_TEXT, type ContactInput } from '@gm/shared/contact/contracts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

export const CONTACT_LIMIT = { hits: 5, windowSeconds: 60 * 60 } as const;

/**
 * POST contact (01 §2 imprint): keeps the message for a year and mails it to the operator with the
 * sender as reply-to. Five messages per IP and hour; the sixth gets 429 before anything is stored.
 */
export async function sendContact(
  deps: Pick<Deps, 'contacts' | 'mailQueue' | 'rateLimiter' | 'clock' | 'newId' | 'contactInbox'>,
  input: ContactInput,
  ip: string,
): Promise<{ message: string }> {
  const now = deps.clock();
  const allowed = await deps.rateLimiter.hit(
    'contact',
    ip,
    CONTACT_LIMIT.hits,
    CONTACT_LIMIT.windowSeconds,
    Math.floor(now.getTime() / 1000),
  );
  if (!allowed) throw new TooManyRequestsError();

  const record = {
    id: deps.newId(),
    name: input.name,
    phone: input.phone?.trim() || null,
    email: input.email,
    message: input.message,
    consent_at: now.toISOString(),
    created_at: now.toISOString(),
  };
  await deps.contacts.put(record);
  await deps.mailQueue.enqueue({
    kind: 'mail',
    mail: {
      to: deps.contactInbox,
      replyTo: record.email,
      subject: `Kontaktanfrage von ${oneLine(record.name)}`,
      text: [
        'Über das Kontaktformular im Impressum ist eine Nachricht eingegangen.',
        '',
        `Name: ${record.name}`,
        `E-Mail: ${record.email}`,
        `Telefon: ${record.phone ?? '–'}`,
        `Eingegangen: ${record.created_at}`,
        `Datenschutz-Einwilligung: erteilt am ${record.consent_at}`,
        '',
        'Nachricht:',
        record.message,
        '',
        `Referenz: ${record.id}`,
      ].join('\n'),
    },
  });
  return { message: CONTACT_TEXT.sent };
}

function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').slice(0, 100);
}
