import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import type { UniqueField } from '../../repositories/user-repository.ts';
import type { Deps } from '../deps.ts';
import { takenError } from './create-account.ts';

/** auth/unique: is the value free, not counting the record `id` itself (editing one's own profile)? */
export async function checkUnique(
  deps: Pick<Deps, 'users'>,
  input: { field: UniqueField; entity: string; id?: string | number | null },
): Promise<{ message: string }> {
  const owner = await deps.users.ownerOf(input.field, input.entity);
  if (owner && owner !== String(input.id ?? '')) throw takenError([input.field]);
  return { message: AUTH_TEXT.fieldFree };
}
