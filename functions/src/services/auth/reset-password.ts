import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

/** Sets a new password with a mailed token: valid for one hour, for its own e-mail only, and only once. */
export async function resetPassword(
  deps: Pick<Deps, 'passwordResets' | 'identity' | 'clock' | 'hashToken'>,
  input: { email: string; new_password: string; password_token: string },
): Promise<{ message: string }> {
  const hash = deps.hashToken(input.password_token);
  const record = await deps.passwordResets.get(hash);
  const nowSeconds = Math.floor(deps.clock().getTime() / 1000);
  if (!record || record.expires_at <= nowSeconds || record.email !== input.email)
    throw new NotFoundError(TEXT.resetTokenInvalid);
  if (!(await deps.passwordResets.consume(hash))) throw new NotFoundError(TEXT.resetTokenInvalid);
  await deps.identity.setPassword(record.email, input.new_password);
  return { message: AUTH_TEXT.passwordReset };
}
