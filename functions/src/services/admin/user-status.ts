import { ACTIVATION_TEXT, type UserStatusRequest, type UserStatusResponse } from '@gm/shared/admin/seller-activation';
import { regionLabel } from '@gm/shared/catalogue/reference-data';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { AuditAction } from '../../repositories/audit-repository.ts';
import type { CompanyRecord } from '../../repositories/company-repository.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import type { VerificationRecord } from '../../repositories/verification-repository.ts';
import { auditEntry } from '../audit-entry.ts';
import type { Deps } from '../deps.ts';
import { toApiUser } from '../users/user-view.ts';
import { accountVerifiedMail } from './account-mails.ts';

export type UserStatusDeps = Pick<
  Deps,
  | 'users'
  | 'companies'
  | 'verifications'
  | 'activations'
  | 'accountStatus'
  | 'audit'
  | 'vouchers'
  | 'profiles'
  | 'catalogueChanges'
  | 'mailQueue'
  | 'appUrl'
  | 'clock'
  | 'newId'
>;

/** Front and back are required (02 §5); partners register without documents and are excepted. */
export function documentsComplete(
  user: Pick<UserRecord, 'is_partner'>,
  verification: Pick<VerificationRecord, 'id_front_key' | 'id_back_key'> | undefined,
): boolean {
  return user.is_partner || Boolean(verification?.id_front_key && verification.id_back_key);
}

/** The seller summary embedded in the seller's vouchers and catalogue entries (data-model "Projections for lists"). */
export function sellerSummaryOf(user: UserRecord, company: CompanyRecord | undefined): Voucher['seller'] {
  return {
    id: user.id,
    username: user.username,
    company: company
      ? { name: company.name, logo: company.logo, region: regionLabel(company.region_id), url: company.url }
      : null,
    is_activated: user.is_activated !== false,
  };
}

function actionOf(user: UserRecord, to: boolean): AuditAction {
  if (!to) return 'deactivate_user';
  return user.role === 'seller' ? 'activate_seller' : 'activate_user';
}

/**
 * PUT user/user-status/{id} (03 §7 "User flags"): the one `isActivated` flag.
 * - A seller: activation lets it sell (its vouchers are listed, sellable and redeemable); refused while
 *   the ID documents are missing (partners excepted); it marks a submitted verification as verified
 *   and mails the seller a link to /login?status=verified. Deactivation stops sales at once but the
 *   seller still logs in and builds drafts.
 * - A buyer, scanner user or admin: deactivated they cannot log in (profile flag, checked by auth/login,
 *   and Cognito AdminDisableUser).
 * Main course: refuse one's own account → read → one transaction (profile, company mirror,
 * verification, audit) conditioned on the state read → side effects that are safe to repeat (Cognito,
 * the sellers' voucher summaries, the mail only when this call changed the state).
 */
export async function setUserStatus(
  deps: UserStatusDeps,
  actor: Pick<Actor, 'userId'>,
  userId: string,
  input: UserStatusRequest,
): Promise<UserStatusResponse> {
  if (userId === actor.userId) throw ValidationError.field('isActivated', ACTIVATION_TEXT.notYourself);
  const user = await deps.users.get(userId);
  if (!user) throw new NotFoundError(ACTIVATION_TEXT.userNotFound);
  const isSeller = user.role === 'seller';
  const [company, verification] = isSeller
    ? await Promise.all([deps.companies.getBySeller(userId), deps.verifications.get(userId)])
    : [undefined, undefined];
  const from = user.is_activated !== false;
  const to = input.isActivated ?? !from;
  if (isSeller && to && !documentsComplete(user, verification))
    throw ValidationError.field('isActivated', ACTIVATION_TEXT.documentsMissing);

  let changed = false;
  if (from !== to) {
    const now = deps.clock().toISOString();
    const outcome = await deps.activations.setActivated({
      userId,
      from,
      to,
      now,
      hasCompany: company !== undefined,
      verify: isSeller && to && verification && verification.status !== 'verified' ? { by: actor.userId } : undefined,
      audit: deps.audit.part(
        auditEntry(
          deps,
          actionOf(user, to),
          { actor: actor.userId, target: userId, at: now },
          { role: user.role, is_activated: to },
        ),
      ),
    });
    if (outcome === 'changed') {
      // Another admin's change got there first: fine if it set the same state, else say so.
      const current = await deps.users.get(userId);
      if ((current?.is_activated !== false) !== to)
        throw new ConflictError('Der Benutzer wurde inzwischen geändert. Bitte lade die Seite neu.');
    } else changed = true;
  }

  const fresh = (await deps.users.get(userId)) ?? { ...user, is_activated: to };
  if (isSeller) {
    // Bounded by the seller's vouchers; repeated on a retry, so a half-done rewrite is finished by the next call.
    await deps.profiles.refreshSellerSummary(await deps.vouchers.listBySeller(userId), sellerSummaryOf(fresh, company));
    deps.catalogueChanges.invalidate();
    if (changed && to)
      await deps.mailQueue.enqueue({ kind: 'mail', mail: accountVerifiedMail(user.email, user.username, deps.appUrl) });
  } else {
    await setCognitoEnabled(deps, user.email, to);
  }
  return {
    message: to ? ACTIVATION_TEXT.activated : ACTIVATION_TEXT.deactivated,
    user: toApiUser(fresh, company),
  };
}

/** Idempotent; a social-login user has no password account under its e-mail (the login check still refuses it). */
async function setCognitoEnabled(deps: Pick<Deps, 'accountStatus'>, email: string, enabled: boolean): Promise<void> {
  try {
    await deps.accountStatus.setEnabled(email, enabled);
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
}
