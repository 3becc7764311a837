import { describe, expect, it } from 'vitest';
import {
  clearedSessionCookie,
  cookieIsSecure,
  newSessionReference,
  parseCookieValue,
  seal,
  sessionCookie,
  sessionCookieOf,
  sessionIdOf,
  unseal,
} from './session-cookie.ts';

describe('the session cookie', () => {
  it('is Secure on every https origin and only a plain-http local one goes without', () => {
    const ref = newSessionReference('u-1');
    expect(sessionCookie(ref, 60, cookieIsSecure('https://gutscheinmarkt.at'))).toBe(
      `gm_session=u-1.${ref.secret}; Path=/api/v1/auth; Max-Age=60; HttpOnly; SameSite=Strict; Secure`,
    );
    expect(sessionCookie(ref, 60, cookieIsSecure('http://localhost:5173'))).not.toContain('Secure');
    expect(clearedSessionCookie(true)).toBe(
      'gm_session=; Path=/api/v1/auth; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
  });

  it('reads the cookie from a payload-2.0 event or a raw header, and parses only well-formed values', () => {
    const ref = newSessionReference('u-1');
    const value = `u-1.${ref.secret}`;
    expect(sessionCookieOf({ cookies: ['a=1', `gm_session=${value}`], headers: {} })).toBe(value);
    expect(sessionCookieOf({ headers: { cookie: `a=1; gm_session=${value}` } })).toBe(value);
    expect(parseCookieValue(value)).toEqual(ref);
    for (const bad of [undefined, '', 'u-1', `u-1.${ref.secret}x`, `u 1.${ref.secret}`])
      expect(parseCookieValue(bad)).toBeUndefined();
  });

  it('names the item by a hash and seals the refresh token so only the cookie’s secret opens it', () => {
    const ref = newSessionReference('u-1');
    expect(sessionIdOf(ref)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionIdOf(ref)).not.toContain(ref.secret);
    const sealed = seal('refresh-token', ref.secret);
    expect(sealed).not.toContain('refresh-token');
    expect(unseal(sealed, ref.secret)).toBe('refresh-token');
    expect(unseal(sealed, newSessionReference('u-1').secret)).toBeUndefined();
    const [iv, tag, body] = sealed.split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(unseal(`${iv}.${tag}.${flipped}`, ref.secret)).toBeUndefined();
  });
});
