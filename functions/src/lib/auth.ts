import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { roleFromGroups, ROLE_IDS, type RoleName } from '@gm/shared/auth/roles';
import { env } from './env.ts';

/** Who is calling: resolved from the Cognito ID token, identical locally and on AWS. */
export type Actor = {
  userId: string;
  role: RoleName;
  roleId: (typeof ROLE_IDS)[RoleName];
  email: string;
  /** The admin's own id while impersonating (issue 11). */
  impersonatedBy?: string;
  /** While impersonating: sha256 of the token's jti, the key of its IMPERSONATION# session item. */
  impersonationSession?: string;
  /** A Cognito ID token's `iat` (epoch seconds), checked against the user's sign-out cut-off (issue 14). */
  issuedAt?: number;
};

type IdTokenClaims = JWTPayload & {
  token_use?: string;
  email?: string;
  'cognito:groups'?: string[];
  'custom:user_id'?: string;
};

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

function keySet() {
  // jose caches the fetched keys for the container's lifetime and refetches on an unknown kid.
  jwks ??= createRemoteJWKSet(new URL(`${env().cognitoIssuer}/.well-known/jwks.json`));
  return jwks;
}

/** Verifies a bearer token; undefined for any token that is missing, forged, expired or for another client. */
export async function actorFromToken(token: string | undefined): Promise<Actor | undefined> {
  if (!token) return undefined;
  const e = env();
  try {
    const { payload } = await jwtVerify<IdTokenClaims>(token, keySet(), {
      issuer: e.cognitoIssuer,
      audience: e.COGNITO_CLIENT_ID,
      algorithms: ['RS256'],
    });
    if (payload.token_use !== 'id') return undefined;
    const role = roleFromGroups(payload['cognito:groups']);
    const userId = payload['custom:user_id'];
    if (!role || !userId || !payload.email) return undefined;
    return { userId, role, roleId: ROLE_IDS[role], email: payload.email, issuedAt: payload.iat ?? 0 };
  } catch {
    return undefined;
  }
}

/**
 * The claims of a token we just received from Cognito ourselves (not verified: it never left the
 * server); an empty object if it is not a JWT.
 */
function claimsOfOwnToken(token: string): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The `iat` of a token we just received from Cognito. */
export function issuedAtOf(token: string): number {
  const { iat } = claimsOfOwnToken(token);
  return typeof iat === 'number' ? iat : 0;
}

/** The `custom:user_id` of a token we just received from Cognito. */
export function userIdOfOwnToken(token: string): string | undefined {
  const userId = claimsOfOwnToken(token)['custom:user_id'];
  return typeof userId === 'string' ? userId : undefined;
}

export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const value = headers.authorization ?? headers.Authorization;
  const match = value?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || undefined;
}

export function resetAuthCache(): void {
  jwks = undefined;
}
