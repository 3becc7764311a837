import { describe, expect, it } from 'vitest';
import type { ApiUser } from '@gm/shared/auth/contracts';
import type { SocialProvider } from '../../lib/env.ts';
import { makeUser } from '../../testing/fixtures.ts';
import { codeChallengeS256 } from './pkce.ts';
import {
  FLOW_MAX_AGE_MS,
  SOCIAL_FLOW_KEY,
  completeSocialSignIn,
  idTokenClaims,
  isSocialCallback,
  mainSiteOrigin,
  startSocialSignIn,
} from './social-sign-in.ts';

const hostedUi = { baseUrl: 'https://gutscheinmarkt-at.auth.eu-central-1.amazoncognito.com', clientId: 'web-client-1' };
const google: SocialProvider = { id: 'google', label: 'Google', cognitoName: 'Google' };
const ORIGIN = 'https://gutscheinmarkt.at';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: 'RS256', kid: 'k' })}.${b64url(claims)}.signature`;

const user: ApiUser = makeUser('user', {
  id: 'u-42',
  username: 'flo.egger-3f9a',
  email: 'flo@gmail.example',
  region_id: null,
  detail: {
    firstName: 'Florian',
    lastName: 'Egger',
    fullname: 'Florian Egger',
    address: null,
    city: null,
    zip_code: null,
    phone_number: null,
  },
  created_at: '2026-11-25T10:00:00.000Z',
});

type Call = { url: string; init: RequestInit | undefined };

/** Cognito's token endpoint and our API, as far as the flow needs them. */
function fakeNetwork(options: { tokenStatus?: number; idToken?: string; userStatus?: number } = {}) {
  const calls: Call[] = [];
  const idToken =
    options.idToken ??
    jwt({ token_use: 'id', aud: hostedUi.clientId, 'custom:user_id': 'u-42', email: 'flo@gmail.example' });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    if (url === `${hostedUi.baseUrl}/oauth2/token`) {
      return new Response(
        JSON.stringify({
          id_token: idToken,
          access_token: 'a',
          refresh_token: 'r',
          expires_in: 3600,
          token_type: 'Bearer',
        }),
        {
          status: options.tokenStatus ?? 200,
        },
      );
    }
    if (url === '/api/v1/user/u-42') return new Response(JSON.stringify(user), { status: options.userStatus ?? 200 });
    if (url === '/api/v1/auth/session')
      return new Response(JSON.stringify({ message: 'Angemeldet.' }), { status: 200 });
    return new Response('{}', { status: 404 });
  }) as typeof globalThis.fetch;
  return { fetch, calls, idToken };
}

async function started(storage = memoryStorage(), now = () => 1_000) {
  const url = new URL(await startSocialSignIn(google, ORIGIN, { hostedUi, storage, now }));
  return { storage, url, state: url.searchParams.get('state')! };
}

describe('startSocialSignIn', () => {
  it('sends the browser to the hosted UI authorize endpoint with PKCE and remembers verifier and state', async () => {
    const { storage, url, state } = await started();
    expect(`${url.origin}${url.pathname}`).toBe(`${hostedUi.baseUrl}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      identity_provider: 'Google',
      response_type: 'code',
      client_id: 'web-client-1',
      redirect_uri: 'https://gutscheinmarkt.at/login',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    const flow = JSON.parse(storage.map.get(SOCIAL_FLOW_KEY)!) as { state: string; verifier: string };
    expect(flow.state).toBe(state);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge')).toBe(await codeChallengeS256(flow.verifier));
    expect(url.searchParams.get('code_challenge')).not.toBe(flow.verifier);
  });
});

describe('completeSocialSignIn', () => {
  it('trades code and verifier for the ID token and loads the user with it', async () => {
    const { storage, state } = await started();
    const verifier = (JSON.parse(storage.map.get(SOCIAL_FLOW_KEY)!) as { verifier: string }).verifier;
    const net = fakeNetwork();
    const result = await completeSocialSignIn(new URLSearchParams({ code: 'abc', state }), {
      hostedUi,
      storage,
      fetch: net.fetch,
      now: () => 2_000,
    });
    expect(result).toEqual({ kind: 'signed-in', token: net.idToken, user });

    const [token, me] = net.calls;
    expect(token!.init?.method).toBe('POST');
    expect((token!.init?.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(token!.init?.body)))).toEqual({
      grant_type: 'authorization_code',
      client_id: 'web-client-1',
      code: 'abc',
      redirect_uri: 'https://gutscheinmarkt.at/login',
      code_verifier: verifier,
    });
    expect((me!.init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${net.idToken}`);
    // The refresh token is handed to the API for the session cookie, never kept in the page.
    const session = net.calls.find((c) => c.url === '/api/v1/auth/session');
    expect(session?.init?.method).toBe('POST');
    expect(JSON.parse(String(session?.init?.body))).toEqual({ refresh_token: 'r' });
    expect((session?.init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${net.idToken}`);
    expect(JSON.stringify(storage.map.get(SOCIAL_FLOW_KEY) ?? '')).not.toContain('"r"');
    // Single use: the same callback a second time is refused.
    expect(
      (await completeSocialSignIn(new URLSearchParams({ code: 'abc', state }), { hostedUi, storage, fetch: net.fetch }))
        .kind,
    ).toBe('failed');
  });

  it('refuses a callback whose state this tab did not start, without calling the token endpoint', async () => {
    const { storage } = await started();
    const net = fakeNetwork();
    const result = await completeSocialSignIn(new URLSearchParams({ code: 'abc', state: 'forged' }), {
      hostedUi,
      storage,
      fetch: net.fetch,
    });
    expect(result.kind).toBe('failed');
    expect(net.calls).toHaveLength(0);
    expect(storage.map.has(SOCIAL_FLOW_KEY)).toBe(false);
  });

  it('refuses a callback when no sign-in was started in this tab', async () => {
    const net = fakeNetwork();
    const result = await completeSocialSignIn(new URLSearchParams({ code: 'abc', state: 'x' }), {
      hostedUi,
      storage: memoryStorage(),
      fetch: net.fetch,
    });
    expect(result.kind).toBe('failed');
    expect(net.calls).toHaveLength(0);
  });

  it('reports error=access_denied as cancelled and every other error as failed', async () => {
    const { storage, state } = await started();
    const net = fakeNetwork();
    expect(
      await completeSocialSignIn(new URLSearchParams({ error: 'access_denied', state }), {
        hostedUi,
        storage,
        fetch: net.fetch,
      }),
    ).toEqual({ kind: 'cancelled' });
    expect(storage.map.has(SOCIAL_FLOW_KEY)).toBe(false);
    const other = await completeSocialSignIn(
      new URLSearchParams({ error: 'invalid_request', error_description: 'PreTokenGeneration failed' }),
      {
        hostedUi,
        storage,
        fetch: net.fetch,
      },
    );
    expect(other.kind).toBe('failed');
    expect(net.calls).toHaveLength(0);
  });

  it('fails when the flow is too old, the token endpoint refuses, the token is not ours, or the user cannot be loaded', async () => {
    const run = async (network: ReturnType<typeof fakeNetwork>, now = () => 2_000) => {
      const { storage, state } = await started();
      return completeSocialSignIn(new URLSearchParams({ code: 'abc', state }), {
        hostedUi,
        storage,
        fetch: network.fetch,
        now,
      });
    };
    expect((await run(fakeNetwork(), () => 1_000 + FLOW_MAX_AGE_MS + 1)).kind).toBe('failed');
    expect((await run(fakeNetwork({ tokenStatus: 400 }))).kind).toBe('failed');
    expect(
      (await run(fakeNetwork({ idToken: jwt({ token_use: 'id', aud: 'other-client', 'custom:user_id': 'u-42' }) })))
        .kind,
    ).toBe('failed');
    expect(
      (
        await run(
          fakeNetwork({ idToken: jwt({ token_use: 'access', aud: hostedUi.clientId, 'custom:user_id': 'u-42' }) }),
        )
      ).kind,
    ).toBe('failed');
    expect((await run(fakeNetwork({ idToken: jwt({ token_use: 'id', aud: hostedUi.clientId }) }))).kind).toBe('failed');
    expect((await run(fakeNetwork({ userStatus: 401 }))).kind).toBe('failed');
  });
});

describe('helpers', () => {
  it('recognises the hosted UI answer on /login', () => {
    expect(isSocialCallback(new URLSearchParams('code=a&state=b'))).toBe(true);
    expect(isSocialCallback(new URLSearchParams('error=access_denied'))).toBe(true);
    expect(isSocialCallback(new URLSearchParams('status=1'))).toBe(false);
  });

  it('sends tenant shops to the main site, which alone is a registered callback', () => {
    const apex = 'gutscheinmarkt.at';
    expect(mainSiteOrigin({ protocol: 'https:', host: 'alpenspa.gutscheinmarkt.at' }, apex)).toBe(
      'https://gutscheinmarkt.at',
    );
    expect(mainSiteOrigin({ protocol: 'http:', host: 'alpenspa.gutscheinmarkt.localhost:5173' })).toBe(
      'http://gutscheinmarkt.localhost:5173',
    );
    expect(mainSiteOrigin({ protocol: 'https:', host: 'gutscheinmarkt.at' }, apex)).toBeNull();
    expect(mainSiteOrigin({ protocol: 'https:', host: 'www.gutscheinmarkt.at' }, apex)).toBeNull();
    expect(mainSiteOrigin({ protocol: 'https:', host: 'd1a2b3c4.cloudfront.net' }, apex)).toBeNull();
  });

  it('reads JWT claims, including non-ASCII names, and rejects what is not a JWT', () => {
    expect(idTokenClaims(jwt({ given_name: 'Jürgen', 'custom:user_id': 'u-1' }))).toEqual({
      given_name: 'Jürgen',
      'custom:user_id': 'u-1',
    });
    expect(idTokenClaims('not-a-token')).toBeUndefined();
    expect(idTokenClaims('a.!!!.c')).toBeUndefined();
  });
});
