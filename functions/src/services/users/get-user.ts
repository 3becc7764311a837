import type { ApiUser } from '@gm/shared/auth/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { toApiUser } from './user-view.ts';

/** A user may read their own profile; admins read anyone's. */
export async function getUser(deps: Pick<Deps, 'users' | 'companies'>, actor: Actor, id: string): Promise<ApiUser> {
  if (actor.userId !== id && actor.role !== 'admin') throw new ForbiddenError();
  const user = await deps.users.get(id);
  if (!user) throw new NotFoundError('Benutzer nicht gefunden.');
  const company = user.role === 'seller' ? await deps.companies.getBySeller(user.id) : undefined;
  return toApiUser(user, company);
}
