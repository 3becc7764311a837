import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The web's session cookie (issue 14): `gm_session=<userId>.<secret>`, httpOnly, SameSite=Strict,
 * Secure (not on a plain-http local origin), sent by the browser only to `/api/v1/auth/*`. The
 * secret (256 bits) names the session item by its sha256 and seals the stored refresh token, so
 * neither the cookie alone nor the table alone can refresh a session.
 */
export const SESSION_COOKIE = 'gm_session';
export const SESSION_COOKIE_PATH = '/api/v1/auth';

export type SessionReference = { userId: string; secret: string };

export function newSessionReference(userId: string): SessionReference {
  return { userId, secret: randomBytes(32).toString('base64url') };
}

export const cookieValueOf = (ref: SessionReference): string => `${ref.userId}.${ref.secret}`;

/** The session item's id: never the secret itself. */
export const sessionIdOf = (ref: SessionReference): string => createHash('sha256').update(ref.secret).digest('hex');

export function parseCookieValue(value: string | undefined): SessionReference | undefined {
  const match = value?.match(/^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/);
  return match ? { userId: match[1]!, secret: match[2]! } : undefined;
}

function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'base64url'), Buffer.alloc(0), 'gm-session-seal', 32));
}

/** AES-256-GCM: `<iv>.<tag>.<ciphertext>`, base64url. */
export function seal(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** undefined for anything not sealed under this secret. */
export function unseal(sealed: string, secret: string): string | undefined {
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Plain http only for a local origin (http://localhost…); every deployed origin is https. */
export const cookieIsSecure = (appUrl: string): boolean => !appUrl.startsWith('http://');

function attributes(maxAgeSeconds: number, secure: boolean): string {
  return [`Path=${SESSION_COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict']
    .concat(secure ? ['Secure'] : [])
    .join('; ');
}

export function sessionCookie(ref: SessionReference, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${cookieValueOf(ref)}; ${attributes(maxAgeSeconds, secure)}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; ${attributes(0, secure)}`;
}

/** The cookie from a payload-2.0 event (`cookies`), or a raw Cookie header. */
export function sessionCookieOf(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>): string | undefined {
  const pairs = event.cookies ?? (event.headers?.cookie ?? '').split(';');
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === SESSION_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}
