import { MSG } from '@gm/shared/validation/messages';
import { ValidationError } from '../../lib/errors.ts';
import type { TransactionPart } from '../../repositories/transaction-part.ts';
import { UniquenessConflict, type UserRecord } from '../../repositories/user-repository.ts';
import type { Deps } from '../deps.ts';

/** 422 on the taken fields, with the registration's German messages. */
export function takenError(fields: ('email' | 'username')[]): ValidationError {
  const errors: Record<string, string[]> = {};
  if (fields.includes('email')) errors.email = [MSG.emailTaken];
  if (fields.includes('username')) errors.username = [MSG.usernameTaken];
  return new ValidationError(errors);
}

/**
 * The account write every password account shares (buyer, seller, scanner; data-model §4.1): the
 * profile and its uniqueness items, plus the caller's `parts`, in one transaction (a taken e-mail or
 * username writes nothing and answers 422), then the Cognito account in the profile's role group. If
 * Cognito refuses, the items (and `undoParts`) are removed again. `cleanUp` runs after either failure,
 * for what the caller stored before (a seller's ID documents).
 */
export async function createAccount(
  deps: Pick<Deps, 'users' | 'identity'>,
  user: UserRecord,
  password: string,
  options: {
    parts?: readonly TransactionPart[];
    undoParts?: readonly TransactionPart[];
    cleanUp?: () => Promise<void>;
  } = {},
): Promise<void> {
  try {
    await deps.users.create(user, options.parts);
  } catch (error) {
    await options.cleanUp?.();
    if (error instanceof UniquenessConflict) throw takenError(error.fields);
    throw error;
  }

  try {
    await deps.identity.createAccount({ userId: user.id, email: user.email, password, role: user.role });
  } catch (error) {
    await deps.users.remove(user, options.undoParts);
    await options.cleanUp?.();
    if ((error as Error).name === 'UsernameExistsException') throw takenError(['email']);
    throw error;
  }
}
