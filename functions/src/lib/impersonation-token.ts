import { createPrivateKey, createPublicKey, randomUUID, webcrypto } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { ROLE_IDS, type RoleName } from '@gm/shared/auth/roles';

/**
 * Our own short-lived token for an admin acting as another user (issue 11, 03 §2). Never a Cognito
 * credential of the user: ES256 over claims we set, with an issuer Cognito never uses, so the
 * authoriser can tell the two apart before verifying. Signed with a private key only the
 * change-role function can read; every function verifies with the public key.
 */
export const IMPERSONATION_ISSUER = 'urn:gutscheinmarkt:impersonation';
export const IMPERSONATION_AUDIENCE = 'urn:gutscheinmarkt:api';
const ALG = 'ES256';

export type ImpersonationClaims = {
  /** The impersonated user. */
  targetId: string;
  role: Exclude<RoleName, 'admin'>;
  email: string;
  /** The admin acting. */
  adminId: string;
  jti: string;
  /** Expiry, epoch seconds. */
  exp: number;
};

type Payload = JWTPayload & { role?: string; email?: string; impersonated_by?: string };

/**
 * The keys are imported by Node's own PEM parser and Web Crypto (ECDSA P-256 only, not extractable),
 * not by jose's importPKCS8/importSPKI: their ASN.1 code would sit in every bundle, since every route
 * verifies impersonation tokens (issue 15). A PEM of another key type or curve is refused here.
 */
const EC_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

export async function signingKey(pkcs8Pem: string): Promise<CryptoKey> {
  const der = createPrivateKey(pkcs8Pem).export({ format: 'der', type: 'pkcs8' });
  return (await webcrypto.subtle.importKey('pkcs8', der, EC_P256, false, ['sign'])) as CryptoKey;
}

export async function verifyingKey(spkiPem: string): Promise<CryptoKey> {
  const der = createPublicKey(spkiPem).export({ format: 'der', type: 'spki' });
  return (await webcrypto.subtle.importKey('spki', der, EC_P256, false, ['verify'])) as CryptoKey;
}

/** Signs a token valid for `minutes` from `now`; `jti` is a fresh UUID. */
export async function signImpersonationToken(
  key: CryptoKey,
  input: { targetId: string; role: ImpersonationClaims['role']; email: string; adminId: string },
  now: Date,
  minutes: number,
): Promise<{ token: string; claims: ImpersonationClaims }> {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: ImpersonationClaims = { ...input, jti: randomUUID(), exp: iat + minutes * 60 };
  const token = await new SignJWT({ role: input.role, email: input.email, impersonated_by: input.adminId })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setIssuer(IMPERSONATION_ISSUER)
    .setAudience(IMPERSONATION_AUDIENCE)
    .setSubject(input.targetId)
    .setJti(claims.jti)
    .setIssuedAt(iat)
    .setExpirationTime(claims.exp)
    .sign(key);
  return { token, claims };
}

/** True when the (unverified) token claims our issuer: only then is it verified as an impersonation token. */
export function looksLikeImpersonationToken(token: string): boolean {
  try {
    return decodeJwt(token).iss === IMPERSONATION_ISSUER;
  } catch {
    return false;
  }
}

/** The verified claims; undefined for a forged, expired, foreign or malformed token. */
export async function verifyImpersonationToken(
  key: CryptoKey,
  token: string,
  now: Date = new Date(),
): Promise<ImpersonationClaims | undefined> {
  try {
    const { payload } = await jwtVerify<Payload>(token, key, {
      issuer: IMPERSONATION_ISSUER,
      audience: IMPERSONATION_AUDIENCE,
      algorithms: [ALG],
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    });
    const role = payload.role as RoleName | undefined;
    if (!role || role === 'admin' || !(role in ROLE_IDS)) return undefined;
    if (!payload.sub || !payload.jti || !payload.exp || !payload.email || !payload.impersonated_by) return undefined;
    return {
      targetId: payload.sub,
      role: role as ImpersonationClaims['role'],
      email: payload.email,
      adminId: payload.impersonated_by,
      jti: payload.jti,
      exp: payload.exp,
    };
  } catch {
    return undefined;
  }
}
