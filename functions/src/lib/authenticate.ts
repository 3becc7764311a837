import { ROLE_IDS } from '@gm/shared/auth/roles';
import { SCANNER_INACTIVE } from '@gm/shared/redemption/texts';
import type { UserRecord } from '../repositories/user-repository.ts';
import type { Deps } from '../services/deps.ts';
import { actorFromToken, type Actor } from './auth.ts';
import { looksLikeImpersonationToken, verifyImpersonationToken } from './impersonation-token.ts';

/** The profile and the sign-out cut-off only (lib/deps.ts `userReader`, `signOutReader`): every route bundles these. */
export type AuthenticateDeps = Pick<Deps, 'impersonationSessions' | 'impersonationKeys' | 'hashToken' | 'clock'> & {
  users: Pick<Deps['users'], 'get'>;
  sessions: Pick<Deps['sessions'], 'validAfter'>;
};

/** What a bearer token amounts to: an actor, no one (401), or a known account that is refused (403 with a message). */
export type Authentication = { actor: Actor | undefined } | { refused: string };

/**
 * Whether an account may still use a token it holds (issue 11): a deleted profile may not; a buyer
 * or scanner the admin deactivated (`is_activated = false`) may not; a seller that is not activated
 * yet may (they build drafts). A scanner its seller switched off (`is_active = false`, issue 6)
 * is refused with its own message.
 */
export function accountVerdict(user: UserRecord | undefined): 'ok' | 'gone' | 'scanner-inactive' {
  if (!user || user.deleted_at) return 'gone';
  if ((user.role === 'user' || user.role === 'scanner') && user.is_activated === false) return 'gone';
  if (user.role === 'scanner' && user.is_active === false) return 'scanner-inactive';
  return 'ok';
}

type AccountStatus = { verdict: ReturnType<typeof accountVerdict>; validAfter: number };

/**
 * Resolves the bearer token of a request: a Cognito ID token, or our impersonation token (verified
 * signature and expiry, and its session item present: read on every request, one consistent
 * GetItem, so the way back revokes it at once). The account's status and its sign-out cut-off
 * (a Cognito ID token issued at or before it is refused: logout, issue 14) are cached per container
 * for `cacheSeconds` (USER_STATUS_CACHE_SECONDS, ≤ 60).
 */
export function createAuthenticator(
  deps: () => AuthenticateDeps,
  cacheSeconds: () => number,
  cognitoActor: (token: string) => Promise<Actor | undefined> = actorFromToken,
) {
  const statuses = new Map<string, AccountStatus & { until: number }>();

  async function status(userId: string): Promise<AccountStatus> {
    const now = deps().clock().getTime();
    const hit = statuses.get(userId);
    if (hit && hit.until > now) return hit;
    const d = deps();
    const [user, validAfter] = await Promise.all([d.users.get(userId), d.sessions.validAfter(userId)]);
    const fresh = { verdict: accountVerdict(user), validAfter };
    const seconds = cacheSeconds();
    if (seconds > 0) {
      if (statuses.size > 5000) statuses.clear();
      statuses.set(userId, { ...fresh, until: now + seconds * 1000 });
    }
    return fresh;
  }

  async function impersonated(token: string): Promise<Actor | undefined> {
    const d = deps();
    const claims = await verifyImpersonationToken(await d.impersonationKeys.verifying(), token, d.clock());
    if (!claims) return undefined;
    const session = d.hashToken(claims.jti);
    const stored = await d.impersonationSessions.get(session);
    if (!stored || stored.admin_id !== claims.adminId || stored.target_id !== claims.targetId) return undefined;
    return {
      userId: claims.targetId,
      role: claims.role,
      roleId: ROLE_IDS[claims.role],
      email: claims.email,
      impersonatedBy: claims.adminId,
      impersonationSession: session,
    };
  }

  return {
    async authenticate(token: string | undefined): Promise<Authentication> {
      if (!token) return { actor: undefined };
      const actor = looksLikeImpersonationToken(token) ? await impersonated(token) : await cognitoActor(token);
      if (!actor) return { actor: undefined };
      const { verdict, validAfter } = await status(actor.userId);
      if (verdict === 'gone') return { actor: undefined };
      // Impersonation tokens carry no iat here: their own session item revokes them.
      if (actor.issuedAt !== undefined && actor.issuedAt <= validAfter) return { actor: undefined };
      if (verdict === 'scanner-inactive') return { refused: SCANNER_INACTIVE };
      return { actor };
    },
    /** Tests: forget cached statuses. */
    reset(): void {
      statuses.clear();
    },
  };
}
