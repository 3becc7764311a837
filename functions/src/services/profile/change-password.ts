import { PROFILE_TEXT, type ChangePasswordInput } from '@gm/shared/users/profile';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { assertOwnProfile } from './update-profile.ts';

/**
 * PATCH user/change-password/{id} (01 §5, 02 §5): own account only; the current password is checked by
 * signing in with it at Cognito (a wrong one answers 422 on `current_password`), then the new one is set.
 */
export async function changePassword(
  deps: Pick<Deps, 'users' | 'identity'>,
  actor: Actor,
  id: string,
  input: ChangePasswordInput,
): Promise<{ message: string }> {
  assertOwnProfile(actor, id);
  const user = await deps.users.get(id);
  if (!user) throw new NotFoundError('Benutzer nicht gefunden.');
  const token = await deps.identity.signIn(user.email, input.current_password);
  if (!token) throw ValidationError.field('current_password', PROFILE_TEXT.wrongPassword);
  await deps.identity.setPassword(user.email, input.new_password);
  return { message: PROFILE_TEXT.passwordChanged };
}
