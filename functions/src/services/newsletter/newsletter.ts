import {
  NEWSLETTER_CSV_HEADER,
  NEWSLETTER_TEXT,
  newsletterConfirmPath,
  newsletterCsvFileName,
  newsletterUnsubscribePath,
  type NewsletterAnswer,
  type NewsletterSignUpInput,
} from '@gm/shared/admin/newsletter';
import { NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import type { NewsletterSubscriber } from '../../repositories/newsletter-repository.ts';
import type { Deps } from '../deps.ts';
import { csvField } from '../export-writers.ts';

/** Sign-ups per IP and hour; the next one gets 429 before anything is read or written. */
export const NEWSLETTER_IP_LIMIT = { hits: 10, windowSeconds: 60 * 60 } as const;
/** Confirmation mails to one address: at most one per 10 minutes and 5 per day (further sign-ups send nothing). */
export const NEWSLETTER_RESEND_AFTER_SECONDS = 10 * 60;
export const NEWSLETTER_ADDRESS_LIMIT = { hits: 5, windowSeconds: 24 * 60 * 60 } as const;
/** A confirmation link works for 7 days. */
export const NEWSLETTER_CONFIRM_TTL_SECONDS = 7 * 24 * 60 * 60;

type SignUpDeps = Pick<
  Deps,
  'newsletter' | 'newsletterSecrets' | 'rateLimiter' | 'mailQueue' | 'clock' | 'newToken' | 'hashToken' | 'appUrl'
>;

/**
 * POST newsletter (public): the double opt-in's first step. A new address (or one that unsubscribed)
 * becomes pending with the consent time and the IP's HMAC and gets the confirmation mail; a pending one
 * gets a fresh link at most every 10 minutes (5 per day); a confirmed one nothing. The answer is the same
 * in every case, so the form tells nobody whether an address is subscribed.
 */
export async function signUpForNewsletter(
  deps: SignUpDeps,
  input: NewsletterSignUpInput,
  ip: string,
): Promise<NewsletterAnswer> {
  const now = deps.clock();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const ok = { message: NEWSLETTER_TEXT.signedUp };
  const allowed = await deps.rateLimiter.hit(
    'newsletter',
    ip,
    NEWSLETTER_IP_LIMIT.hits,
    NEWSLETTER_IP_LIMIT.windowSeconds,
    nowSeconds,
  );
  if (!allowed) throw new TooManyRequestsError();

  const email = input.email;
  const existing = await deps.newsletter.get(email);
  if (existing?.status === 'confirmed') return ok;
  if (existing?.status === 'pending' && !resendDue(existing, nowSeconds)) return ok;
  const mailAllowed = await deps.rateLimiter.hit(
    'newsletter-mail',
    email,
    NEWSLETTER_ADDRESS_LIMIT.hits,
    NEWSLETTER_ADDRESS_LIMIT.windowSeconds,
    nowSeconds,
  );
  if (!mailAllowed) return ok;

  const at = now.toISOString();
  const confirmToken = deps.newToken();
  const confirmHash = deps.hashToken(confirmToken);
  const confirmTtl = nowSeconds + NEWSLETTER_CONFIRM_TTL_SECONDS;
  const [ipHash, unsubscribeToken] = await Promise.all([
    deps.newsletterSecrets.ipHash(ip),
    deps.newsletterSecrets.unsubscribeToken(email),
  ]);
  const written =
    existing?.status === 'pending'
      ? await deps.newsletter.rotateConfirmToken(email, existing, {
          confirmHash,
          confirmTtl,
          at,
          ipHash,
          source: input.source,
        })
      : await deps.newsletter.putPending(
          {
            email,
            source: input.source,
            at,
            ipHash,
            confirmHash,
            confirmTtl,
            unsubscribeHash: deps.hashToken(unsubscribeToken),
          },
          existing,
        );
  // A concurrent sign-up of the same address won the write and sends its own mail.
  if (!written) return ok;

  const base = deps.appUrl.replace(/\/+$/, '');
  await deps.mailQueue.enqueue({
    kind: 'mail',
    mail: {
      to: email,
      subject: NEWSLETTER_TEXT.mailSubject,
      text: [
        'Hallo!',
        '',
        'Du hast dich (oder jemand hat dich) für den Newsletter von Gutscheinmarkt angemeldet: neue Gutscheine und Aktionen aus deiner Region.',
        'Für jede bestätigte Anmeldung spenden wir 1 € an soziale Projekte in deiner Region.',
        '',
        'Bitte bestätige deine Anmeldung mit diesem Link (gültig 7 Tage):',
        `${base}${newsletterConfirmPath(confirmToken)}`,
        '',
        'Wenn du dich nicht angemeldet hast, ignoriere diese E-Mail einfach – ohne Bestätigung schicken wir dir nichts.',
        '',
        `Vom Newsletter abmelden: ${base}${newsletterUnsubscribePath(unsubscribeToken)}`,
      ].join('\n'),
    },
  });
  return ok;
}

function resendDue(subscriber: NewsletterSubscriber, nowSeconds: number): boolean {
  const sent = subscriber.confirm_sent_at ? Date.parse(subscriber.confirm_sent_at) / 1000 : 0;
  return nowSeconds - sent >= NEWSLETTER_RESEND_AFTER_SECONDS;
}

/** POST newsletter/confirm (public): the confirmation link, usable once; 404 when unknown, used, expired or replaced. */
export async function confirmNewsletter(
  deps: Pick<Deps, 'newsletter' | 'hashToken' | 'clock'>,
  token: string,
): Promise<NewsletterAnswer> {
  const now = deps.clock();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const hash = deps.hashToken(token);
  const email = await deps.newsletter.tokenOwner(hash, 'confirm', nowSeconds);
  if (!email || !(await deps.newsletter.confirm(email, hash, now.toISOString(), nowSeconds)))
    throw new NotFoundError(NEWSLETTER_TEXT.confirmInvalid);
  return { message: NEWSLETTER_TEXT.confirmed };
}

/** POST newsletter/unsubscribe (public, repeatable): the link of every newsletter mail. */
export async function unsubscribeFromNewsletter(
  deps: Pick<Deps, 'newsletter' | 'hashToken' | 'clock'>,
  token: string,
): Promise<NewsletterAnswer> {
  const now = deps.clock();
  const email = await deps.newsletter.tokenOwner(
    deps.hashToken(token),
    'unsubscribe',
    Math.floor(now.getTime() / 1000),
  );
  if (!email || !(await deps.newsletter.unsubscribe(email, now.toISOString())))
    throw new NotFoundError(NEWSLETTER_TEXT.unsubscribeInvalid);
  return { message: NEWSLETTER_TEXT.unsubscribed };
}

/**
 * GET newsletter/download-csv (admin): the confirmed subscribers as CSV (UTF-8 with BOM, `;`), each with
 * their personal unsubscribe link for the mails sent from it. Answered as the file itself: a regional
 * list stays far below the 6 MB a Lambda answer may carry (about 200 bytes a row).
 */
export async function downloadNewsletterCsv(
  deps: Pick<Deps, 'newsletter' | 'newsletterSecrets' | 'clock' | 'appUrl'>,
): Promise<{ data: Uint8Array; filename: string }> {
  const subscribers = await deps.newsletter.listConfirmed();
  const base = deps.appUrl.replace(/\/+$/, '');
  const rows: string[][] = [[...NEWSLETTER_CSV_HEADER]];
  for (const s of subscribers) {
    const token = await deps.newsletterSecrets.unsubscribeToken(s.email);
    rows.push([s.email, s.consent_at, s.confirmed_at ?? '', s.source, `${base}${newsletterUnsubscribePath(token)}`]);
  }
  const text = '\uFEFF' + rows.map((row) => row.map(csvField).join(';')).join('\r\n') + '\r\n';
  return {
    data: new TextEncoder().encode(text),
    filename: newsletterCsvFileName(deps.clock().toISOString().slice(0, 10)),
  };
}
