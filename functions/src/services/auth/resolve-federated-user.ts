import type { RoleName } from '@gm/shared/auth/roles';
import { USERNAME_MAX } from '@gm/shared/auth/contracts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import type { Deps } from '../deps.ts';
import { newUserRecord } from '../users/new-user.ts';

/**
 * How far the provider vouches for the e-mail address:
 * - `verified`: the provider says so (`email_verified = true`, mapped from Google);
 * - `unconfirmed`: the provider sends no such flag at all (Facebook), so we cannot tell;
 * - `unverified`: the provider says it is not verified.
 */
export type EmailTrust = 'verified' | 'unconfirmed' | 'unverified';

/** A sign-in through a Cognito identity provider, read from the pre token generation event. */
export type FederatedSignIn = {
  /** Cognito's provider name, e.g. `Google`, `Facebook`. */
  provider: string;
  /** The provider's user id (OIDC `sub` / Facebook id). */
  subject: string;
  email: string;
  emailTrust: EmailTrust;
  givenName: string | null;
  familyName: string | null;
};

/** Providers that never send an e-mail verification flag; everyone else must send `email_verified = true`. */
const PROVIDERS_WITHOUT_EMAIL_FLAG = new Set(['facebook']);

const readIdentity = (value: unknown): { providerName: string; userId: string } | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const { providerName, userId } = value as Record<string, unknown>;
  return typeof providerName === 'string' && providerName && typeof userId === 'string' && userId
    ? { providerName, userId }
    : undefined;
};

/**
 * Reads the federated identity from the user's Cognito attributes, or undefined for a password
 * user. Cognito keeps the linked providers in the read-only `identities` attribute (a JSON list),
 * which no user and no API call of ours can set.
 */
export function federatedSignIn(attributes: Readonly<Record<string, string | undefined>>): FederatedSignIn | undefined {
  const raw = attributes.identities;
  if (!raw) return undefined;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new FederatedSignInRefused('unreadable identities attribute');
  }
  const identity = Array.isArray(list)
    ? readIdentity(list.find((i) => (i as { primary?: unknown })?.primary === true) ?? list[0])
    : undefined;
  if (!identity) throw new FederatedSignInRefused('no provider identity');
  const email = attributes.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new FederatedSignInRefused(`${identity.providerName} sent no usable e-mail address`);
  const flag = attributes.email_verified?.trim().toLowerCase();
  const emailTrust: EmailTrust =
    flag === 'true'
      ? 'verified'
      : PROVIDERS_WITHOUT_EMAIL_FLAG.has(identity.providerName.toLowerCase())
        ? 'unconfirmed'
        : 'unverified';
  return {
    provider: identity.providerName,
    subject: identity.userId,
    email,
    emailTrust,
    givenName: attributes.given_name?.trim() || null,
    familyName: attributes.family_name?.trim() || null,
  };
}

/** Thrown to make Cognito refuse the sign-in; the reason is logged, never shown to the user. */
export class FederatedSignInRefused extends Error {
  constructor(reason: string) {
    super(`Social sign-in refused: ${reason}`);
    this.name = 'FederatedSignInRefused';
  }
}

/** Attempts before giving up when concurrent first sign-ins or username collisions keep the create transaction from committing. */
const MAX_ATTEMPTS = 4;
const SUFFIX_LENGTH = 4;

/**
 * Finds or creates our profile for a federated sign-in and returns the id and role the ID token
 * must carry. Order: the recorded identity (`UNIQUE#IDENTITY#…`) → an existing account with the same
 * e-mail (only if the provider verified it; the identity is recorded then) → a new buyer profile,
 * written with its e-mail, username and identity uniqueness items in one transaction. A lost race
 * (two first sign-ins at once) or a taken username simply runs the lookup again, so exactly one
 * profile is ever created per identity and e-mail.
 */
export async function resolveFederatedUser(
  deps: Pick<Deps, 'users' | 'clock' | 'newId'>,
  signIn: FederatedSignIn,
): Promise<{ id: string; role: RoleName }> {
  if (signIn.emailTrust === 'unverified')
    throw new FederatedSignInRefused(`${signIn.provider} has not verified the e-mail address`);

  let lastError: unknown;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const linkedId = await deps.users.ownerOfIdentity(signIn.provider, signIn.subject);
    if (linkedId) return profileOf(deps, linkedId);

    const ownerId = await deps.users.ownerOf('email', signIn.email);
    if (ownerId) {
      // Linking hands an existing account to whoever controls this provider account: only with the provider's word for the address.
      if (signIn.emailTrust !== 'verified')
        throw new FederatedSignInRefused(`${signIn.provider} e-mail is unconfirmed and belongs to an existing account`);
      if (await deps.users.linkIdentity(signIn.provider, signIn.subject, ownerId)) return profileOf(deps, ownerId);
      continue; // recorded for someone else in the meantime: the next round reads it
    }

    const user = newBuyer(deps, signIn);
    try {
      await deps.users.create(user, [deps.users.identityPart(signIn.provider, signIn.subject, user.id)]);
      return { id: user.id, role: user.role };
    } catch (error) {
      // Taken e-mail or identity (a concurrent first sign-in won), a taken username, or a transaction conflict: look again.
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new FederatedSignInRefused('could not create the profile');
}

async function profileOf(deps: Pick<Deps, 'users'>, userId: string): Promise<{ id: string; role: RoleName }> {
  const user = await deps.users.get(userId);
  if (!user) throw new FederatedSignInRefused('the linked profile no longer exists');
  return { id: user.id, role: user.role };
}

function newBuyer(deps: Pick<Deps, 'clock' | 'newId'>, signIn: FederatedSignIn): UserRecord {
  return newUserRecord(
    {
      id: deps.newId(),
      username: federatedUsername(signIn.email, deps.newId().replace(/-/g, '').slice(0, SUFFIX_LENGTH)),
      email: signIn.email,
      role: 'user',
      // The provider's name, lower-cased (`google`, `facebook`): the admin list's origin column.
      origin: signIn.provider.trim().toLowerCase(),
      first_name: signIn.givenName,
      last_name: signIn.familyName,
    },
    deps.clock(),
  );
}

/** `Anna.Buyer+shop@example.com` → `anna.buyer-3f9a`: the e-mail's local part, tidied, with a short random suffix. */
export function federatedUsername(email: string, suffix: string): string {
  const local = email.split('@')[0]?.split('+')[0] ?? '';
  const trim = (value: string) => value.replace(/^[._-]+|[._-]+$/g, '');
  const base =
    trim(
      trim(
        local
          .normalize('NFKD')
          .toLowerCase()
          .replace(/[^a-z0-9._-]+/g, ''),
      ).slice(0, USERNAME_MAX - suffix.length - 1),
    ) || 'nutzer';
  return `${base}-${suffix}`;
}
