import { issuedAtOf, userIdOfOwnToken, type Actor } from '../../lib/auth.ts';
import { accountVerdict } from '../../lib/authenticate.ts';
import {
  newSessionReference,
  parseCookieValue,
  seal,
  sessionIdOf,
  unseal,
  type SessionReference,
} from '../../lib/session-cookie.ts';
import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

/**
 * Sessions for a working day (issue 14). Sign-in stores the Cognito refresh token in a session item
 * and hands the browser only an httpOnly cookie naming it; `POST auth/refresh` turns the cookie into
 * a new one-hour ID token for 30 days; logout revokes the refresh token, deletes the item and moves
 * the user's sign-out cut-off, so the ID tokens already handed out stop working too.
 */
export const SESSION_SECONDS = 30 * 24 * 3600;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function openSession(
  deps: Pick<Deps, 'sessions' | 'clock'>,
  userId: string,
  refreshToken: string,
): Promise<SessionReference> {
  const ref = newSessionReference(userId);
  const now = deps.clock();
  await deps.sessions.put(userId, sessionIdOf(ref), {
    sealed_refresh_token: seal(refreshToken, ref.secret),
    created_at: now.toISOString(),
    expires_at: epochSeconds(now) + SESSION_SECONDS,
  });
  return ref;
}

/**
 * The ID token, or — when it was issued in the very second of a sign-out of this user (iat ≤ the
 * cut-off, which has one-second steps) — a new one from the refresh token once that second is over.
 */
export async function acceptedIdToken(
  deps: Pick<Deps, 'sessions' | 'identity' | 'clock'>,
  userId: string,
  idToken: string,
  refreshToken: string,
): Promise<string> {
  const validAfter = await deps.sessions.validAfter(userId);
  if (issuedAtOf(idToken) > validAfter) return idToken;
  const wait = (validAfter + 1) * 1000 - deps.clock().getTime();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 5));
  const renewed = await deps.identity.refresh(refreshToken);
  if (!renewed) throw new Error('refresh right after sign-in failed');
  return renewed;
}

/**
 * POST auth/session: a social sign-in's refresh token (the web got it from the hosted UI's token
 * endpoint) becomes a session like a password login's. Cognito must accept it and answer an ID token
 * of the caller, so no one can bind another account's token; an impersonation token gets no session.
 */
export async function openSocialSession(
  deps: Pick<Deps, 'sessions' | 'identity' | 'clock'>,
  actor: Actor,
  refreshToken: string,
): Promise<SessionReference> {
  if (actor.impersonatedBy) throw new ForbiddenError();
  const idToken = await deps.identity.refresh(refreshToken);
  if (!idToken || userIdOfOwnToken(idToken) !== actor.userId)
    throw ValidationError.field('refresh_token', AUTH_TEXT.sessionNotYours);
  return openSession(deps, actor.userId, refreshToken);
}

/** A sign-in's answer and the session its cookie names: login and both registrations. */
export type SignedIn<T> = { answer: T; session: SessionReference };

/**
 * Signs in with the password and opens a session for the refresh token; undefined for wrong
 * credentials. The token answered is one the authoriser accepts (see acceptedIdToken).
 */
export async function signInWithSession(
  deps: Pick<Deps, 'identity' | 'sessions' | 'clock'>,
  userId: string,
  email: string,
  password: string,
): Promise<{ token: string; session: SessionReference } | undefined> {
  const tokens = await deps.identity.startSession(email, password);
  if (!tokens) return undefined;
  const [token, session] = await Promise.all([
    acceptedIdToken(deps, userId, tokens.idToken, tokens.refreshToken),
    openSession(deps, userId, tokens.refreshToken),
  ]);
  return { token, session };
}

type Opened = { ref: SessionReference; sessionId: string; refreshToken: string };

/** The session a cookie names, if it exists, has not expired and its seal opens. */
async function openedSession(deps: Pick<Deps, 'sessions' | 'clock'>, cookie: string | undefined) {
  const ref = parseCookieValue(cookie);
  if (!ref) return undefined;
  const sessionId = sessionIdOf(ref);
  const stored = await deps.sessions.get(ref.userId, sessionId);
  if (!stored || stored.expires_at <= epochSeconds(deps.clock())) return undefined;
  const refreshToken = unseal(stored.sealed_refresh_token, ref.secret);
  return refreshToken ? ({ ref, sessionId, refreshToken } satisfies Opened) : undefined;
}

/**
 * `POST auth/refresh`: a new ID token for the cookie's session; undefined (401, cookie cleared) for
 * a missing, ended or expired session, an account that may no longer sign in, or a refresh token
 * Cognito refuses (the session item is then deleted too).
 */
export async function refreshSession(
  deps: Pick<Deps, 'sessions' | 'identity' | 'users' | 'clock'>,
  cookie: string | undefined,
): Promise<{ token: string } | undefined> {
  const opened = await openedSession(deps, cookie);
  if (!opened) return undefined;
  const { ref, sessionId, refreshToken } = opened;
  const idToken =
    accountVerdict(await deps.users.get(ref.userId)) === 'ok' ? await deps.identity.refresh(refreshToken) : undefined;
  if (!idToken) {
    await deps.sessions.end(ref.userId, sessionId);
    return undefined;
  }
  return { token: await acceptedIdToken(deps, ref.userId, idToken, refreshToken) };
}

/**
 * Logout (not the way back from an impersonation): revokes the cookie's refresh token at Cognito
 * and deletes its session item, then refuses every ID token of the user issued up to now. Either
 * proof is enough: the cookie (the ID token may have expired) or a valid ID token (a session
 * without cookie, e.g. social sign-in).
 */
export async function endSession(
  deps: Pick<Deps, 'sessions' | 'identity' | 'clock' | 'log'>,
  actor: Actor | undefined,
  cookie: string | undefined,
): Promise<void> {
  const opened = await openedSession(deps, cookie);
  if (opened) {
    await deps.sessions.end(opened.ref.userId, opened.sessionId);
    // The item is the source of truth; Cognito's own revocation is the second lock (logged, not fatal).
    await deps.identity.revoke(opened.refreshToken).catch((error: unknown) => {
      deps.log.error('refresh token not revoked', { error });
    });
  }
  const userIds = new Set([actor?.userId, opened?.ref.userId].filter((id): id is string => Boolean(id)));
  const now = epochSeconds(deps.clock());
  await Promise.all([...userIds].map((userId) => deps.sessions.refuseTokensUpTo(userId, now)));
}
