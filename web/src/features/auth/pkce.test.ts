import { describe, expect, it } from 'vitest';
import { base64url, codeChallengeS256, createCodeVerifier, randomToken } from './pkce.ts';

describe('PKCE helpers', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('encodes base64url without padding or + and /', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(base64url(new Uint8Array([1]))).toBe('AQ');
  });

  it('makes 43-character verifiers from the unreserved alphabet, different each time', () => {
    const a = createCodeVerifier();
    const b = createCodeVerifier();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('draws its randomness from the given source', () => {
    const zeros = { getRandomValues: <T extends ArrayBufferView | null>(array: T) => array };
    expect(randomToken(3, zeros)).toBe('AAAA');
  });
});
