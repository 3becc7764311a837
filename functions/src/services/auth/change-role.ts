import { IMPERSONATION_MINUTES, IMPERSONATION_TEXT } from '@gm/shared/admin/impersonation';
import type { AuthResponse } from '@gm/shared/auth/contracts';
import type { Actor } from '../../lib/auth.ts';
import { accountVerdict } from '../../lib/authenticate.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { signImpersonationToken } from '../../lib/impersonation-token.ts';
import { wishlistVoucherIds } from '../catalogue/list-wishlist.ts';
import { auditEntry } from '../audit-entry.ts';
import type { Deps } from '../deps.ts';
import { toApiUser } from '../users/user-view.ts';

export type ChangeRoleDeps = Pick<
  Deps,
  | 'users'
  | 'companies'
  | 'wishlist'
  | 'audit'
  | 'impersonationSessions'
  | 'impersonationKeys'
  | 'hashToken'
  | 'clock'
  | 'newId'
>;

/**
 * POST auth/change-role (03 §2 "take this user's role"; issue 11). The admin gets a token of their
 * own making that acts as the user: ES256-signed by us (never Cognito, never the user's password),
 * valid IMPERSONATION_MINUTES, carrying the admin's id; valid only while its session item exists.
 * Refused (422): yourself, another admin, a deactivated or deleted account. One audit entry.
 */
export async function changeRole(
  deps: ChangeRoleDeps,
  actor: Actor,
  input: { user_id: string },
): Promise<AuthResponse> {
  if (actor.impersonatedBy) throw new ForbiddenError(IMPERSONATION_TEXT.refused);
  const refuse = (message: string) => ValidationError.field('user_id', message);
  if (input.user_id === actor.userId) throw refuse(IMPERSONATION_TEXT.self);
  const target = await deps.users.get(input.user_id);
  if (!target) throw new NotFoundError(IMPERSONATION_TEXT.notFound);
  if (target.role === 'admin') throw refuse(IMPERSONATION_TEXT.admin);
  if (accountVerdict(target) !== 'ok') throw refuse(IMPERSONATION_TEXT.inactive);

  const now = deps.clock();
  const { token, claims } = await signImpersonationToken(
    await deps.impersonationKeys.signing(),
    { targetId: target.id, role: target.role, email: target.email, adminId: actor.userId },
    now,
    IMPERSONATION_MINUTES,
  );
  await deps.impersonationSessions.put(deps.hashToken(claims.jti), {
    admin_id: actor.userId,
    target_id: target.id,
    expires_at: claims.exp,
    created_at: now.toISOString(),
  });
  await deps.audit.put(
    auditEntry(
      deps,
      'impersonate',
      { actor: actor.userId, target: target.id, at: now.toISOString() },
      { role: target.role, expires_at: new Date(claims.exp * 1000).toISOString() },
    ),
  );

  const company = target.role === 'seller' ? await deps.companies.getBySeller(target.id) : undefined;
  const wishlistIds = target.role === 'user' ? await wishlistVoucherIds(deps, target.id) : [];
  return { token, user: toApiUser(target, company), user_voucher_wishlist: wishlistIds };
}

/** POST auth/logout with an impersonation token: the session ends server-side (the way back). */
export async function endImpersonation(
  deps: Pick<Deps, 'impersonationSessions' | 'audit' | 'clock' | 'newId'>,
  actor: Actor,
): Promise<void> {
  if (!actor.impersonatedBy || !actor.impersonationSession) return;
  await deps.impersonationSessions.end(actor.impersonationSession);
  await deps.audit.put(
    auditEntry(deps, 'end_impersonation', { actor: actor.impersonatedBy, target: actor.userId }, {}),
  );
}
