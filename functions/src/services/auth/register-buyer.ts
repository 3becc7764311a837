import type { AuthResponse, RegisterBuyerInput } from '@gm/shared/auth/contracts';
import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { ValidationError } from '../../lib/errors.ts';
import { UniquenessConflict } from '../../repositories/user-repository.ts';
import type { Deps } from '../deps.ts';
import { newUserRecord } from '../users/new-user.ts';
import { toApiUser } from '../users/user-view.ts';

/**
 * Registers a buyer: profile and uniqueness items in one transaction (a taken e-mail or username
 * writes nothing), then the Cognito account; if Cognito refuses, the items are removed again.
 */
export async function registerBuyer(deps: Pick<Deps, 'users' | 'identity' | 'clock' | 'newId'>, input: RegisterBuyerInput): Promise<AuthResponse> {
  const user = newUserRecord(
    {
      id: deps.newId(),
      username: input.username,
      email: input.email,
      role: 'user',
      first_name: input.firstName,
      last_name: input.lastName,
      address: input.address ?? null,
      city: input.city ?? null,
      zip_code: input.zip_code ?? null,
      phone_number: input.phone_number ?? null,
      region_id: input.region_id ?? null,
    },
    deps.clock(),
  );

  try {
    await deps.users.create(user);
  } catch (error) {
    if (error instanceof UniquenessConflict) throw takenError(error.fields);
    throw error;
  }

  try {
    await deps.identity.createAccount({ userId: user.id, email: user.email, password: input.password, role: user.role });
  } catch (error) {
    await deps.users.remove(user);
    if ((error as Error).name === 'UsernameExistsException') throw takenError(['email']);
    throw error;
  }

  const token = await deps.identity.signIn(user.email, input.password);
  if (!token) throw new Error('sign-in right after registration failed');
  return { token, user: toApiUser(user, undefined), message: AUTH_TEXT.registered };
}

export function takenError(fields: ('email' | 'username')[]): ValidationError {
  const errors: Record<string, string[]> = {};
  if (fields.includes('email')) errors.email = [MSG.emailTaken];
  if (fields.includes('username')) errors.username = [MSG.usernameTaken];
  return new ValidationError(errors);
}
