import type { Profile } from '@gm/shared/users/profile';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { loadProfile, type ProfileReadDeps } from '../profile/profile-view.ts';

/**
 * A user may read their own profile; admins read anyone's. The answer is the API user plus what the
 * profile tabs edit (`version`, company details, verification state, payout account; issues 5/6).
 */
export async function getUser(deps: ProfileReadDeps, actor: Actor, id: string): Promise<Profile> {
  if (actor.userId !== id && actor.role !== 'admin') throw new ForbiddenError();
  const user = await deps.users.get(id);
  if (!user) throw new NotFoundError('Benutzer nicht gefunden.');
  return loadProfile(deps, user);
}
