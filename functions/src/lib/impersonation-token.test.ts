import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  IMPERSONATION_AUDIENCE,
  IMPERSONATION_ISSUER,
  looksLikeImpersonationToken,
  signImpersonationToken,
  signingKey,
  verifyImpersonationToken,
  verifyingKey,
} from './impersonation-token.ts';

function pair() {
  return generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}

const ours = pair();
const now = new Date('2026-11-26T10:00:00Z');
const input = { targetId: 'u-1', role: 'user' as const, email: 'u1@test.example', adminId: 'a-1' };

describe('impersonation token', () => {
  it('round-trips the claims and expires after the given minutes', async () => {
    const { token, claims } = await signImpersonationToken(await signingKey(ours.privateKey), input, now, 30);
    expect(claims).toMatchObject({ ...input, exp: now.getTime() / 1000 + 1800 });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(looksLikeImpersonationToken(token)).toBe(true);
    const key = await verifyingKey(ours.publicKey);
    expect(await verifyImpersonationToken(key, token, new Date(now.getTime() + 29 * 60_000))).toEqual(claims);
    expect(await verifyImpersonationToken(key, token, new Date(now.getTime() + 31 * 60_000))).toBeUndefined();
  });

  it('imports ES256 keys only: another curve, RSA and garbage are refused', async () => {
    const p384 = generateKeyPairSync('ec', {
      namedCurve: 'P-384',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    for (const pem of [p384.publicKey, rsa.publicKey, 'not a key']) await expect(verifyingKey(pem)).rejects.toThrow();
    for (const pem of [p384.privateKey, rsa.privateKey, ours.publicKey])
      await expect(signingKey(pem)).rejects.toThrow();
    // A key for signing cannot verify and the other way round.
    const key = await verifyingKey(ours.publicKey);
    expect(key.usages).toEqual(['verify']);
    expect((await signingKey(ours.privateKey)).usages).toEqual(['sign']);
  });

  it('refuses a token signed with another key, a tampered payload and a non-JWT', async () => {
    const foreign = pair();
    const { token } = await signImpersonationToken(await signingKey(foreign.privateKey), input, now, 30);
    const key = await verifyingKey(ours.publicKey);
    expect(await verifyImpersonationToken(key, token, now)).toBeUndefined();

    const good = (await signImpersonationToken(await signingKey(ours.privateKey), input, now, 30)).token;
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect(await verifyImpersonationToken(key, `${header}.${tampered}.${signature}`, now)).toBeUndefined();
    expect(await verifyImpersonationToken(key, 'not-a-jwt', now)).toBeUndefined();
    expect(looksLikeImpersonationToken('not-a-jwt')).toBe(false);
  });

  it('refuses an admin role and tokens without the impersonating admin', async () => {
    const key = await signingKey(ours.privateKey);
    const verify = await verifyingKey(ours.publicKey);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(IMPERSONATION_ISSUER)
        .setAudience(IMPERSONATION_AUDIENCE)
        .setSubject('u-1')
        .setJti('j-1')
        .setIssuedAt(now)
        .setExpirationTime(new Date(now.getTime() + 60_000))
        .sign(key);
    expect(
      await verifyImpersonationToken(
        verify,
        await sign({ role: 'admin', email: 'x@test.example', impersonated_by: 'a' }),
        now,
      ),
    ).toBeUndefined();
    expect(
      await verifyImpersonationToken(verify, await sign({ role: 'user', email: 'x@test.example' }), now),
    ).toBeUndefined();
    expect(
      await verifyImpersonationToken(
        verify,
        await sign({ role: 'seller', email: 'x@test.example', impersonated_by: 'a' }),
        now,
      ),
    ).toMatchObject({ role: 'seller', adminId: 'a' });
  });

  it('does not mistake a Cognito-style token for one of ours', async () => {
    const other = await new SignJWT({ token_use: 'id' })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer('http://127.0.0.1:9229/eu-central-1_Local')
      .sign(await signingKey(ours.privateKey));
    expect(looksLikeImpersonationToken(other)).toBe(false);
  });
});
