import { ORIGIN } from '@gm/shared/admin/users';
import type { AuthResponse, RegisterBuyerInput } from '@gm/shared/auth/contracts';
import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { ValidationError } from '../../lib/errors.ts';
import { CreateConflict, ExtraPartsFailed, type UserRecord } from '../../repositories/user-repository.ts';
import type { Deps } from '../deps.ts';
import { newUserRecord } from '../users/new-user.ts';
import { toApiUser } from '../users/user-view.ts';
import { createAccount } from './create-account.ts';
import { signInWithSession, type SignedIn } from './sessions.ts';
import { employeeBinding, type EmployeeBindingDeps } from '../tourism/employee-registration.ts';

export type RegisterBuyerDeps = Pick<Deps, 'users' | 'identity' | 'sessions' | 'clock' | 'newId'> &
  Partial<Pick<EmployeeBindingDeps, 'tourism' | 'rateLimiter'>>;

/** TransactionConflict (a concurrent registration held the code or a uniqueness item): retried with jitter. */
const MAX_CONFLICT_RETRIES = 12;
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 10 * 2 ** Math.min(attempt, 5))));

/**
 * Registers a buyer: profile and uniqueness items in one transaction (a taken e-mail or username
 * writes nothing), then the Cognito account; if Cognito refuses, the items are removed again.
 * On a tourism tenant (issue 13, 03 §5) the buyer must bring an employee code of that tenant's tourism
 * account: the same transaction uses the code (active, unused, this tourism account) and puts the
 * employee's unique claim number, so of concurrent registrations with one code exactly one becomes the
 * employee and the others get the 422 on `code`.
 */
export async function registerBuyer(
  deps: RegisterBuyerDeps,
  input: RegisterBuyerInput,
  context: { tenant?: string; ip?: string } = {},
): Promise<SignedIn<AuthResponse>> {
  for (let attempt = 0; ; attempt++) {
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
    const binding =
      deps.tourism && deps.rateLimiter
        ? await employeeBinding(
            {
              users: deps.users,
              tourism: deps.tourism,
              rateLimiter: deps.rateLimiter,
              clock: deps.clock,
              newId: deps.newId,
            },
            user,
            input.code ?? null,
            {
              subdomain: context.tenant ?? input.subdomain ?? undefined,
              ip: context.ip ?? 'unknown',
              retry: attempt > 0,
            },
          )
        : undefined;
    const account: UserRecord = binding ? { ...user, ...binding.fields } : user;

    try {
      await createAccount(
        deps,
        account,
        input.password,
        binding ? { parts: binding.parts, undoParts: binding.undoParts } : {},
      );
    } catch (error) {
      if (error instanceof ExtraPartsFailed && binding) {
        // The code part (index 0) lost: used, deactivated or taken meanwhile. A claim number that
        // collided (index 1, 40 bit: practically never) draws again.
        if (error.indices.includes(0)) throw ValidationError.field('code', binding.invalidMessage);
        if (attempt < MAX_CONFLICT_RETRIES) continue;
      }
      if (error instanceof CreateConflict && attempt < MAX_CONFLICT_RETRIES) {
        await pause(attempt);
        continue;
      }
      throw error;
    }

    const signedIn = await signInWithSession(deps, account.id, account.email, input.password);
    if (!signedIn) throw new Error('sign-in right after registration failed');
    const { token, session } = signedIn;
    return { answer: { token, user: toApiUser(account, undefined), message: AUTH_TEXT.registered }, session };
  }
}
