import * as z from 'zod/mini';
import { messageResponseSchema, userSchema, type ApiUser } from '@gm/shared/auth/contracts';
import { tenantFromHost } from '@gm/shared/tenant/tenant';
import { paths } from '../../config/paths.ts';
import { createApiClient } from '../../lib/api-client.ts';
import { APEX_DOMAIN } from '../../lib/tenant.ts';
import type { HostedUi, SocialProvider } from '../../lib/env.ts';
import { codeChallengeS256, createCodeVerifier, randomToken } from './pkce.ts';

/**
 * Social sign-in through Cognito federation: the authorization-code flow with PKCE against the
 * hosted UI, which sends the user on to Google or Facebook and back to /login (01 §4, docs/decisions/accounts.md).
 * The ID token it returns is the session token, exactly like the one from auth/login.
 */

/** Where the tab keeps the verifier and state between leaving for the provider and coming back. */
export const SOCIAL_FLOW_KEY = 'gm.social-sign-in';
/** On the main site's /login, `?social=<provider id>` starts that provider at once (the tenant buttons link there). */
export const SOCIAL_START_PARAM = 'social';
/** A flow left unfinished longer than this is not accepted any more. */
export const FLOW_MAX_AGE_MS = 10 * 60 * 1000;
/** The hosted UI's parameters on the way back; removed from the address bar once read. */
export const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description'] as const;

const pendingFlowSchema = z.object({
  state: z.string().check(z.minLength(1)),
  verifier: z.string().check(z.minLength(43)),
  redirectUri: z.string().check(z.minLength(1)),
  startedAt: z.number(),
});
type PendingFlow = z.infer<typeof pendingFlowSchema>;

const tokenAnswerSchema = z.object({
  id_token: z.string().check(z.minLength(1)),
  refresh_token: z.optional(z.string().check(z.minLength(1))),
});

type FlowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SocialFlowDeps = {
  hostedUi: HostedUi;
  /** The tab's sessionStorage in the browser. */
  storage: FlowStorage;
  now?: () => number;
  random?: Pick<Crypto, 'getRandomValues'>;
};

/** The redirect URI Cognito must know: infra registers exactly `https://<domainName>/login`. */
export function callbackUrl(origin: string): string {
  return `${origin}${paths.login}`;
}

/**
 * Cognito only accepts exact callback URLs, so tenant shops (`<name>.<domain>`) cannot be one. On a
 * tenant host this is the main site's origin (the apex domain), where social sign-in has to run; null on the main site.
 */
export function mainSiteOrigin(
  location: { protocol: string; host: string },
  apexDomain: string = APEX_DOMAIN,
): string | null {
  if (!tenantFromHost(location.host, apexDomain)) return null;
  const port = location.host.split(':')[1];
  return `${location.protocol}//${apexDomain}${port ? `:${port}` : ''}`;
}

/** Remembers verifier and state in the tab and returns the hosted UI address to send the browser to. */
export async function startSocialSignIn(
  provider: SocialProvider,
  origin: string,
  deps: SocialFlowDeps,
): Promise<string> {
  const verifier = createCodeVerifier(deps.random);
  const flow: PendingFlow = {
    state: randomToken(32, deps.random),
    verifier,
    redirectUri: callbackUrl(origin),
    startedAt: (deps.now ?? Date.now)(),
  };
  const challenge = await codeChallengeS256(verifier);
  deps.storage.setItem(SOCIAL_FLOW_KEY, JSON.stringify(flow));
  const url = new URL('/oauth2/authorize', deps.hostedUi.baseUrl);
  url.search = new URLSearchParams({
    identity_provider: provider.cognitoName,
    response_type: 'code',
    client_id: deps.hostedUi.clientId,
    redirect_uri: flow.redirectUri,
    scope: 'openid email profile',
    state: flow.state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** True when the address carries an answer of the hosted UI. */
export function isSocialCallback(params: URLSearchParams): boolean {
  return params.has('code') || params.has('error');
}

export type SocialSignInResult =
  | { kind: 'signed-in'; token: string; user: ApiUser }
  /** The user turned the provider down (01 §8: 'User cancelled login or did not fully authorize.'). */
  | { kind: 'cancelled' }
  /** Anything else (01 §8: 'Something Went Wrong. Please try again later.'); `reason` is for the console only. */
  | { kind: 'failed'; reason: string };

const failed = (reason: string): SocialSignInResult => ({ kind: 'failed', reason });

/**
 * Finishes the flow on /login: checks `state` against the one this tab started with (single use),
 * trades the code and verifier for tokens at /oauth2/token, reads our user id from the ID token and
 * loads the user with it (`GET user/{id}`), as the session needs the same user record auth/login returns.
 */
export async function completeSocialSignIn(
  params: URLSearchParams,
  deps: SocialFlowDeps & { fetch: typeof fetch },
): Promise<SocialSignInResult> {
  const flow = takePendingFlow(deps.storage);
  const error = params.get('error');
  if (error)
    return error === 'access_denied'
      ? { kind: 'cancelled' }
      : failed(`hosted UI answered ${error}: ${params.get('error_description') ?? ''}`);

  const code = params.get('code');
  const state = params.get('state');
  if (!code) return failed('no authorization code');
  if (!flow || !state || flow.state !== state) return failed('state does not match the sign-in this tab started');
  if ((deps.now ?? Date.now)() - flow.startedAt > FLOW_MAX_AGE_MS) return failed('sign-in started too long ago');

  let idToken: string;
  let refreshToken: string | undefined;
  try {
    const response = await deps.fetch(new URL('/oauth2/token', deps.hostedUi.baseUrl).toString(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: deps.hostedUi.clientId,
        code,
        redirect_uri: flow.redirectUri,
        code_verifier: flow.verifier,
      }).toString(),
    });
    if (!response.ok) return failed(`token endpoint answered ${response.status}`);
    const answer = tokenAnswerSchema.safeParse(await response.json());
    if (!answer.success) return failed('token endpoint sent no ID token');
    idToken = answer.data.id_token;
    refreshToken = answer.data.refresh_token;
  } catch (cause) {
    return failed(`token endpoint unreachable: ${String(cause)}`);
  }

  const claims = idTokenClaims(idToken);
  const userId = claims?.['custom:user_id'];
  if (
    !claims ||
    claims.token_use !== 'id' ||
    claims.aud !== deps.hostedUi.clientId ||
    typeof userId !== 'string' ||
    !userId
  ) {
    return failed('ID token is not ours or carries no user id');
  }
  try {
    // The API verifies the token; this only reads the user it belongs to.
    const api = createApiClient({ fetch: deps.fetch, getToken: () => idToken });
    const user = await api.request(`user/${encodeURIComponent(userId)}`, { schema: userSchema });
    if (user.id !== userId) return failed('GET user answered another user');
    // The refresh token goes to the API, which keeps it behind the httpOnly session cookie (issue 14):
    // the sign-in then lasts a working day like a password login. Without it, the hour of the ID token.
    if (refreshToken) {
      await api
        .request('auth/session', {
          method: 'POST',
          body: { refresh_token: refreshToken },
          schema: messageResponseSchema,
        })
        .catch((cause: unknown) => console.warn('social sign-in: no session cookie', cause));
    }
    return { kind: 'signed-in', token: idToken, user };
  } catch (cause) {
    return failed(`user could not be loaded: ${String(cause)}`);
  }
}

function takePendingFlow(storage: FlowStorage): PendingFlow | undefined {
  const raw = storage.getItem(SOCIAL_FLOW_KEY);
  storage.removeItem(SOCIAL_FLOW_KEY);
  if (!raw) return undefined;
  try {
    const parsed = pendingFlowSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The payload of a JWT, unverified (the API verifies); undefined if it is not one. */
export function idTokenClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
