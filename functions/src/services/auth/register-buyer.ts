import { ORIGIN } from '@gm/shared/admin/users';
import type { AuthResponse, RegisterBuyerInput } from '@gm/shared/auth/contracts';
import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import type { Deps } from '../deps.ts';
import { newUserRecord } from '../users/new-user.ts';
import { toApiUser } from '../users/user-view.ts';
import { createAccount } from './create-account.ts';

/**
 * Registers a buyer: profile and uniqueness items in one transaction (a taken e-mail or username
 * writes nothing), then the Cognito account; if Cognito refuses, the items are removed again.
 */
export async function registerBuyer(
  deps: Pick<Deps, 'users' | 'identity' | 'clock' | 'newId'>,
  input: RegisterBuyerInput,
): Promise<AuthResponse> {
  const user = newUserRecord(
    {
      id: deps.newId(),
      username: input.username,
      email: input.email,
      role: 'user',
      origin: ORIGIN.register,
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

  await createAccount(deps, user, input.password);

  const token = await deps.identity.signIn(user.email, input.password);
  if (!token) throw new Error('sign-in right after registration failed');
  return { token, user: toApiUser(user, undefined), message: AUTH_TEXT.registered };
}
