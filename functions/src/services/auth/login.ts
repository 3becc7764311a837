import { ACTIVATION_TEXT } from '@gm/shared/admin/seller-activation-texts';
import { AUTH_TEXT, type AuthResponse } from '@gm/shared/auth/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { createHash } from 'node:crypto';
import { ForbiddenError, HttpError, TooManyRequestsError } from '../../lib/errors.ts';
import { REDEMPTION_TEXT } from '@gm/shared/redemption/contracts';
import type { Deps } from '../deps.ts';
import { wishlistVoucherIds } from '../catalogue/list-wishlist.ts';
import { toApiUser } from '../users/user-view.ts';
import { acceptedIdToken, openSession, type SignedIn } from './sessions.ts';

/** Wrong e-mail and wrong password get the same answer, so the answer never reveals whether an account exists. */
export class LoginFailedError extends HttpError {
  constructor() {
    super(401, TEXT.loginFailed);
  }
}

/**
 * Failed sign-ins (issue 14), counted per account (the typed e-mail, whether an account has it or
 * not, so the answer tells nothing) and per client IP in fixed 15-minute windows. Once a window holds
 * the limit, sign-in is refused with 429 before the password is checked, until the window ends.
 * Successful sign-ins cost nothing, so a reception desk logging in all day never meets it.
 */
export const LOGIN_LIMIT = { perAccount: 10, perIp: 50, windowSeconds: 15 * 60 } as const;

const accountKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

/** The answer, and the session its cookie names (issue 14: the refresh token stays on the server). */
export type LoginResult = SignedIn<AuthResponse>;

export async function login(
  deps: Pick<Deps, 'users' | 'companies' | 'identity' | 'wishlist' | 'rateLimiter' | 'sessions' | 'clock'>,
  input: { email: string; password: string },
  ip: string,
): Promise<LoginResult> {
  const now = Math.floor(deps.clock().getTime() / 1000);
  const account = accountKey(input.email);
  const { perAccount, perIp, windowSeconds } = LOGIN_LIMIT;
  const [accountFailures, ipFailures] = await Promise.all([
    deps.rateLimiter.count('login-account', account, windowSeconds, now),
    deps.rateLimiter.count('login-ip', ip, windowSeconds, now),
  ]);
  if (accountFailures >= perAccount || ipFailures >= perIp) throw new TooManyRequestsError(AUTH_TEXT.tooManyLogins);
  const tokens = await deps.identity.startSession(input.email, input.password);
  if (!tokens) {
    await Promise.all([
      deps.rateLimiter.hit('login-account', account, perAccount, windowSeconds, now),
      deps.rateLimiter.hit('login-ip', ip, perIp, windowSeconds, now),
    ]);
    throw new LoginFailedError();
  }
  const userId = await deps.users.ownerOf('email', input.email);
  const user = userId ? await deps.users.get(userId) : undefined;
  // A deleted account (issue 11) signs in nowhere, also while its deletion is still running.
  if (!user || user.deleted_at) throw new LoginFailedError();
  // A deactivated scanner user (issue 6) is also disabled in Cognito; cognito-local does not enforce that, so check here too.
  if (user.role === 'scanner' && user.is_active === false) throw new ForbiddenError(REDEMPTION_TEXT.scannerInactive);
  // An admin deactivated the account (PUT user/user-status, issue 11); a seller not activated yet still logs in and builds drafts.
  if (user.role !== 'seller' && user.is_activated === false)
    throw new ForbiddenError(ACTIVATION_TEXT.accountDeactivated);
  const company = user.role === 'seller' ? await deps.companies.getBySeller(user.id) : undefined;
  // Buyers get their wishlist with the session (01 §3, §4); other roles have none.
  const wishlistIds = user.role === 'user' ? await wishlistVoucherIds(deps, user.id) : [];
  const [token, session] = await Promise.all([
    acceptedIdToken(deps, user.id, tokens.idToken, tokens.refreshToken),
    openSession(deps, user.id, tokens.refreshToken),
  ]);
  return { answer: { token, user: toApiUser(user, company), user_voucher_wishlist: wishlistIds }, session };
}
