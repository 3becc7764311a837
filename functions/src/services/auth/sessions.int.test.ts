import { InitiateAuthCommand, UpdateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestAccount, TEST_PASSWORD, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { cognitoClient, documentClient } from '../../lib/clients.ts';
import { sessions } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { parseCookieValue, sessionIdOf, unseal } from '../../lib/session-cookie.ts';
import { userKeys } from '../../repositories/user-repository.ts';

/** A browser's view of one origin's API: the session cookie it keeps, and the answers. */
type Answer = { status: number; body: Record<string, unknown>; setCookies: string[] };

async function call(method: string, path: string, options: { token?: string; cookie?: string; body?: unknown } = {}) {
  const response = await fetch(new URL(path, inject('apiUrl')), {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: `gm_session=${options.cookie}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    setCookies: response.headers.getSetCookie(),
  } satisfies Answer;
}

const cookieValue = (answer: Answer): string => {
  const line = answer.setCookies.find((c) => c.startsWith('gm_session='));
  expect(line, 'a session cookie').toBeDefined();
  return line!.slice('gm_session='.length).split(';')[0]!;
};

async function signIn(account: TestAccount): Promise<{ token: string; cookie: string; answer: Answer }> {
  const answer = await call('POST', 'auth/login', { body: { email: account.email, password: TEST_PASSWORD } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { token: answer.body.token as string, cookie: cookieValue(answer), answer };
}

const profile = (account: TestAccount, token: string) => call('GET', `user/${account.userId}`, { token });
const refresh = (cookie?: string) => call('POST', 'auth/refresh', { cookie });
const logout = (options: { token?: string; cookie?: string }) => call('POST', 'auth/logout', options);

/** The refresh token a session item holds, unsealed with the cookie's secret (what only the API can do). */
async function storedRefreshToken(cookie: string): Promise<string> {
  const ref = parseCookieValue(cookie)!;
  const stored = await sessions().get(ref.userId, sessionIdOf(ref));
  return unseal(stored!.sealed_refresh_token, ref.secret)!;
}

describe('sessions for a working day (issue 14)', () => {
  let buyer: TestAccount;
  beforeAll(async () => {
    buyer = await createTestAccount('user');
  });

  it('sets an httpOnly, SameSite=Strict cookie for /api/v1/auth only, for 30 days, on plain-http local origins without Secure', async () => {
    const { answer } = await signIn(buyer);
    const line = answer.setCookies.find((c) => c.startsWith('gm_session='))!;
    const attributes = line.split(';').map((part) => part.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/api/v1/auth', `Max-Age=${30 * 24 * 3600}`, 'HttpOnly', 'SameSite=Strict']),
    );
    expect(env().APP_URL.startsWith('http://')).toBe(true);
    expect(attributes).not.toContain('Secure');
    // The refresh token itself never reaches the browser: neither in the body nor in the cookie.
    expect(JSON.stringify(answer.body)).not.toContain(await storedRefreshToken(cookieValue(answer)));
    expect(Object.keys(answer.body).sort()).toEqual(['token', 'user', 'user_voucher_wishlist']);
  });

  it('a social sign-in hands over its refresh token: only the caller’s own becomes a session cookie', async () => {
    // What the hosted UI's token endpoint answers the web: an ID token and a refresh token.
    const social = await createTestAccount('user');
    const tokens = async (account: TestAccount) => {
      const answer = await cognitoClient().send(
        new InitiateAuthCommand({
          ClientId: env().COGNITO_CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: account.email, PASSWORD: TEST_PASSWORD },
        }),
      );
      return { id: answer.AuthenticationResult!.IdToken!, refresh: answer.AuthenticationResult!.RefreshToken! };
    };
    const own = await tokens(social);
    const other = await tokens(buyer);
    // Someone else's refresh token is refused, nothing is stored; no token at all is a 401.
    const foreign = await call('POST', 'auth/session', { token: own.id, body: { refresh_token: other.refresh } });
    expect(foreign.status).toBe(422);
    expect(foreign.setCookies).toEqual([]);
    expect((await call('POST', 'auth/session', { body: { refresh_token: own.refresh } })).status).toBe(401);

    const opened = await call('POST', 'auth/session', { token: own.id, body: { refresh_token: own.refresh } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const cookie = cookieValue(opened);
    expect(opened.setCookies[0]).toContain('HttpOnly');
    expect(await storedRefreshToken(cookie)).toBe(own.refresh);
    const renewed = await refresh(cookie);
    expect(renewed.status).toBe(200);
    expect((await profile(social, renewed.body.token as string)).status).toBe(200);
  });

  it('a registration signs in with a session cookie too, which renews its token', async () => {
    const suffix = randomUUID().slice(0, 8);
    const registered = await fetch(new URL('auth/register', inject('apiUrl')), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-viewer-address': `10.14.0.${Math.floor(Math.random() * 250)}` },
      body: JSON.stringify({
        username: `sess-${suffix}`,
        firstName: 'Anna',
        lastName: 'Muster',
        email: `sess-${suffix}@example.com`,
        password: 'Geheim123!',
        confirmPassword: 'Geheim123!',
        region_id: 2,
        dataPrivacy: true,
        terms: true,
      }),
    });
    expect(registered.status).toBe(201);
    const line = registered.headers.getSetCookie().find((c) => c.startsWith('gm_session='));
    expect(line).toMatch(/HttpOnly/);
    const renewed = await refresh(line!.slice('gm_session='.length).split(';')[0]);
    expect(renewed.status).toBe(200);
  });

  it('refuses the ID token after logout, revokes the refresh token at Cognito and clears the cookie; a new login works at once', async () => {
    const { token, cookie } = await signIn(buyer);
    const refreshToken = await storedRefreshToken(cookie);
    expect((await profile(buyer, token)).status).toBe(200);

    const out = await logout({ token, cookie });
    expect(out.status).toBe(200);
    expect(out.setCookies.find((c) => c.startsWith('gm_session='))).toMatch(/^gm_session=;.*Max-Age=0/);

    expect((await profile(buyer, token)).status).toBe(401);
    const refused = await refresh(cookie);
    expect(refused.status).toBe(401);
    expect(refused.setCookies.find((c) => c.startsWith('gm_session='))).toMatch(/Max-Age=0/);
    // Cognito itself no longer accepts the refresh token either (RevokeToken).
    await expect(
      cognitoClient().send(
        new InitiateAuthCommand({
          ClientId: env().COGNITO_CLIENT_ID,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    // Signing in again, even within the logout's second, gives a token that works.
    const again = await signIn(buyer);
    expect((await profile(buyer, again.token)).status).toBe(200);
  });

  it('logout with an expired ID token still ends the session through the cookie', async () => {
    const { token, cookie } = await signIn(buyer);
    expect((await logout({ cookie })).status).toBe(200);
    expect((await refresh(cookie)).status).toBe(401);
    expect((await profile(buyer, token)).status).toBe(401);
  });

  it('ends only its own session: another device renews its ID token with its own cookie', async () => {
    const desk = await signIn(buyer);
    const phone = await signIn(buyer);
    expect((await logout({ token: phone.token, cookie: phone.cookie })).status).toBe(200);
    // Every ID token issued so far is refused, the desk's too, but the desk's cookie renews it.
    expect((await profile(buyer, desk.token)).status).toBe(401);
    const renewed = await refresh(desk.cookie);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect((await profile(buyer, renewed.body.token as string)).status).toBe(200);
    expect((await refresh(phone.cookie)).status).toBe(401);
  });

  it('refuses a missing, malformed or forged cookie, and one naming another user', async () => {
    const { cookie } = await signIn(buyer);
    const other = await createTestAccount('user');
    const ref = parseCookieValue(cookie)!;
    expect((await refresh()).status).toBe(401);
    expect((await refresh('nonsense')).status).toBe(401);
    expect((await refresh(`${ref.userId}.${'A'.repeat(43)}`)).status).toBe(401);
    expect((await refresh(`${other.userId}.${ref.secret}`)).status).toBe(401);
    // The genuine one still works.
    expect((await refresh(cookie)).status).toBe(200);
  });

  it('refuses to refresh a deactivated buyer', async () => {
    const account = await createTestAccount('user');
    const { cookie } = await signIn(account);
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: userKeys.profile(account.userId),
        UpdateExpression: 'SET is_activated = :f',
        ExpressionAttributeValues: { ':f': false },
      }),
    );
    expect((await refresh(cookie)).status).toBe(401);
  });

  it('the way back from an impersonation keeps the admin’s own session', async () => {
    const admin = await createTestAccount('admin');
    const own = await signIn(admin);
    const changed = await call('POST', 'auth/change-role', { token: own.token, body: { user_id: buyer.userId } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The web sends the admin's cookie along (same path); the impersonation token has no refresh.
    const back = await logout({ token: changed.body.token as string, cookie: own.cookie });
    expect(back.status).toBe(200);
    expect(back.setCookies).toEqual([]);
    expect((await profile(admin, own.token)).status).toBe(200);
    expect((await refresh(own.cookie)).status).toBe(200);
  });

  describe('with ID tokens that live 2 seconds', () => {
    const setIdTokenLifetime = (value: number, unit: 'seconds' | 'hours') =>
      cognitoClient().send(
        new UpdateUserPoolClientCommand({
          UserPoolId: env().COGNITO_USER_POOL_ID,
          ClientId: env().COGNITO_CLIENT_ID,
          IdTokenValidity: value,
          TokenValidityUnits: { IdToken: unit },
        }),
      );
    // Integration files run one at a time, so the shortened lifetime touches no other test.
    beforeAll(() => setIdTokenLifetime(2, 'seconds'));
    afterAll(() => setIdTokenLifetime(24, 'hours'));

    it('keeps the session past the ID token’s lifetime through the cookie', async () => {
      const { token, cookie } = await signIn(buyer);
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      expect(claims.exp - claims.iat).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, (claims.exp + 1) * 1000 - Date.now()));
      expect((await profile(buyer, token)).status).toBe(401);

      const renewed = await refresh(cookie);
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      const fresh = renewed.body.token as string;
      expect(fresh).not.toBe(token);
      expect((await profile(buyer, fresh)).status).toBe(200);
    });
  });
});
