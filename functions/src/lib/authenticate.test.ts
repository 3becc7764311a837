import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../repositories/user-repository.ts';
import type { Actor } from './auth.ts';
import { accountVerdict, createAuthenticator, type AuthenticateDeps } from './authenticate.ts';

/** Only the fields the verdict reads; the rest of a profile does not matter here. */
const base = (role: 'admin' | 'seller' | 'user' | 'scanner') =>
  ({ id: `x-${role}`, username: role, email: `${role}@test.example`, role, is_activated: true }) as UserRecord;

describe('accountVerdict', () => {
  it('lets active accounts and not-yet-activated sellers use their tokens', () => {
    for (const role of ['admin', 'seller', 'user', 'scanner'] as const) expect(accountVerdict(base(role))).toBe('ok');
    expect(accountVerdict({ ...base('seller'), is_activated: false })).toBe('ok');
  });

  it('refuses deleted profiles and deactivated buyers and scanners', () => {
    expect(accountVerdict(undefined)).toBe('gone');
    expect(accountVerdict({ ...base('user'), deleted_at: '2026-11-26T00:00:00Z' })).toBe('gone');
    expect(accountVerdict({ ...base('user'), is_activated: false })).toBe('gone');
    expect(accountVerdict({ ...base('scanner'), is_activated: false })).toBe('gone');
    expect(accountVerdict({ ...base('scanner'), is_active: false })).toBe('scanner-inactive');
  });
});

describe('the sign-out cut-off (issue 14)', () => {
  const T = 1_800_000_000;
  function authenticator(cacheSeconds: number) {
    let now = T * 1000;
    let validAfter = 0;
    let reads = 0;
    const deps = {
      users: { get: async (id: string) => ({ ...base('user'), id }) },
      sessions: {
        validAfter: async () => {
          reads++;
          return validAfter;
        },
      },
      clock: () => new Date(now),
    } as unknown as AuthenticateDeps;
    // The Cognito token stands in as `<userId>@<iat>`: signature checks are jose's, tested elsewhere.
    const cognitoActor = async (token: string): Promise<Actor> => {
      const [userId, iat] = token.split('@') as [string, string];
      return { userId, role: 'user', roleId: 3, email: 'a@test.example', issuedAt: Number(iat) };
    };
    const auth = createAuthenticator(
      () => deps,
      () => cacheSeconds,
      cognitoActor,
    );
    return {
      auth,
      signOutAt: (seconds: number) => (validAfter = seconds),
      advance: (ms: number) => (now += ms),
      reads: () => reads,
    };
  }

  it('refuses a token issued at or before the cut-off and accepts one issued after it', async () => {
    const { auth, signOutAt } = authenticator(0);
    signOutAt(T);
    expect(await auth.authenticate(`u-1@${T - 1}`)).toEqual({ actor: undefined });
    expect(await auth.authenticate(`u-1@${T}`)).toEqual({ actor: undefined });
    expect(await auth.authenticate(`u-1@${T + 1}`)).toMatchObject({ actor: { userId: 'u-1' } });
  });

  it('trusts a read cut-off for the cache time only, then reads it again', async () => {
    const { auth, signOutAt, advance, reads } = authenticator(60);
    expect(await auth.authenticate(`u-1@${T - 10}`)).toMatchObject({ actor: { userId: 'u-1' } });
    signOutAt(T);
    advance(59_999);
    // Within the minute this container still holds the old cut-off (the documented ≤ 60 s).
    expect(await auth.authenticate(`u-1@${T - 10}`)).toMatchObject({ actor: { userId: 'u-1' } });
    expect(reads()).toBe(1);
    advance(1);
    expect(await auth.authenticate(`u-1@${T - 10}`)).toEqual({ actor: undefined });
    expect(reads()).toBe(2);
  });
});
