import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
const MAILS_PER_ADDRESS_PER_HOUR = 3;

/**
 * POST auth/forgot-password: counts the request against the address's hourly limit, puts a
 * `password-reset` job on the mail queue and answers. Nothing before the answer depends on whether
 * the address belongs to an account (issue 14: constant time), so neither the answer nor its timing
 * tells whether an address is registered; the mail worker decides (`sendPasswordReset`).
 */
export async function forgotPassword(
  deps: Pick<Deps, 'rateLimiter' | 'mailQueue' | 'clock'>,
  input: { email: string },
): Promise<{ message: string }> {
  const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
  if (!(await deps.rateLimiter.hit('forgot-password', input.email, MAILS_PER_ADDRESS_PER_HOUR, 3600, nowSeconds))) {
    throw new TooManyRequestsError();
  }
  await deps.mailQueue.enqueue({ kind: 'password-reset', email: input.email });
  return { message: AUTH_TEXT.resetMailSent };
}

/**
 * The mail worker's half: mails a single-use reset link when the address belongs to an account;
 * an unknown address gets no mail (a neutral mail would let anyone mail any address through us).
 */
export async function sendPasswordReset(
  deps: Pick<Deps, 'users' | 'passwordResets' | 'mailer' | 'clock' | 'newToken' | 'hashToken' | 'appUrl'>,
  email: string,
): Promise<'sent' | 'unknown'> {
  const userId = await deps.users.ownerOf('email', email);
  if (!userId) return 'unknown';
  const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
  const token = deps.newToken();
  await deps.passwordResets.put(deps.hashToken(token), {
    user_id: userId,
    email,
    expires_at: nowSeconds + RESET_TOKEN_TTL_SECONDS,
  });
  const link = `${deps.appUrl}/forgot-password/${token}?email=${encodeURIComponent(email)}`;
  await deps.mailer.send({
    to: email,
    subject: 'Passwort zurücksetzen – Gutscheinmarkt',
    text: `Hallo,\n\ndu hast angefordert, dein Passwort zurückzusetzen. Öffne dazu diesen Link (gültig für 60 Minuten):\n\n${link}\n\nWenn du das nicht warst, kannst du diese Email ignorieren.\n\nDein Gutscheinmarkt-Team`,
    html: `<p>Hallo,</p><p>du hast angefordert, dein Passwort zurückzusetzen. Öffne dazu diesen Link (gültig für 60 Minuten):</p><p><a href="${link}">Passwort zurücksetzen</a></p><p>Wenn du das nicht warst, kannst du diese Email ignorieren.</p><p>Dein Gutscheinmarkt-Team</p>`,
  });
  return 'sent';
}
