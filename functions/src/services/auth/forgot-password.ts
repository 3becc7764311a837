import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
const MAILS_PER_ADDRESS_PER_HOUR = 3;

/**
 * Mails a single-use reset link when the address belongs to an account. The answer is the same
 * either way, so it never tells whether an address is registered.
 */
export async function forgotPassword(
  deps: Pick<
    Deps,
    'users' | 'passwordResets' | 'rateLimiter' | 'mailer' | 'clock' | 'newToken' | 'hashToken' | 'appUrl'
  >,
  input: { email: string },
): Promise<{ message: string }> {
  const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
  if (!(await deps.rateLimiter.hit('forgot-password', input.email, MAILS_PER_ADDRESS_PER_HOUR, 3600, nowSeconds))) {
    throw new TooManyRequestsError();
  }
  const userId = await deps.users.ownerOf('email', input.email);
  if (userId) {
    const token = deps.newToken();
    await deps.passwordResets.put(deps.hashToken(token), {
      user_id: userId,
      email: input.email,
      expires_at: nowSeconds + RESET_TOKEN_TTL_SECONDS,
    });
    const link = `${deps.appUrl}/forgot-password/${token}?email=${encodeURIComponent(input.email)}`;
    await deps.mailer.send({
      to: input.email,
      subject: 'Passwort zurücksetzen – Gutscheinmarkt',
      text: `Hallo,\n\ndu hast angefordert, dein Passwort zurückzusetzen. Öffne dazu diesen Link (gültig für 60 Minuten):\n\n${link}\n\nWenn du das nicht warst, kannst du diese Email ignorieren.\n\nDein Gutscheinmarkt-Team`,
      html: `<p>Hallo,</p><p>du hast angefordert, dein Passwort zurückzusetzen. Öffne dazu diesen Link (gültig für 60 Minuten):</p><p><a href="${link}">Passwort zurücksetzen</a></p><p>Wenn du das nicht warst, kannst du diese Email ignorieren.</p><p>Dein Gutscheinmarkt-Team</p>`,
    });
  }
  return { message: AUTH_TEXT.resetMailSent };
}
