import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { MAX_REQUEST_BODY_BYTES, REQUEST_TOO_LARGE } from '@gm/shared/api/limits';
import { isAllowed } from '@gm/shared/auth/roles';
import { germanFallback, toFieldErrors } from '@gm/shared/validation/fields';
import { TEXT } from '@gm/shared/validation/messages';
import { tenantFromHost } from '@gm/shared/tenant/tenant';
import { findRoute, type Route, type RouteKey } from '../routes.ts';
import type { BundledRoute } from '../bundle-options.ts';
import { IMPERSONATION_TEXT } from '@gm/shared/admin/impersonation';
import { bearerToken, type Actor } from './auth.ts';
import { createAuthenticator } from './authenticate.ts';
import {
  auditWriter,
  clock,
  hashToken,
  impersonationKeys,
  impersonationSessions,
  newId,
  signOutReader,
  userReader,
} from './deps.ts';
import { ORIGIN_VERIFY_HEADER, originVerified } from './edge.ts';
import { apexDomain, env } from './env.ts';
import { ForbiddenError, HttpError, UnauthenticatedError, ValidationError } from './errors.ts';
import { countServerError, logger, observed } from './observability.ts';
import { parseMultipart } from './multipart.ts';

export type HttpResult = APIGatewayProxyStructuredResultV2;

type RouteOf<K extends RouteKey> = Extract<
  Route,
  { method: K extends `${infer M} ${string}` ? M : never; path: K extends `${string} ${infer P}` ? P : never }
>;
type ActorOf<K extends RouteKey> =
  RouteOf<K> extends { anonymous: true }
    ? undefined
    : RouteOf<K>['access'] extends 'public'
      ? Actor | undefined
      : Actor;

export type HttpRequest<K extends RouteKey> = {
  actor: ActorOf<K>;
  /** Parsed JSON, url-encoded or multipart body (files as `UploadedFile`; {} when empty); validate it with `parse`. */
  body: unknown;
  query: Record<string, string | undefined>;
  params: Record<string, string | undefined>;
  headers: Record<string, string | undefined>;
  /** Tenant name from the Origin/Host header of a three-label host, if any. */
  tenant: string | undefined;
  /** The API origin plus /api/v1/, for next_page_url and links. */
  apiBaseUrl: string;
  event: APIGatewayProxyEventV2;
};

type InternalContext = Context & { actor?: Actor; body?: unknown };

/** What the middlewares check a request against: the handler's key and its manifest entry. */
type RouteRule = BundledRoute & Pick<Route, 'method' | 'path'>;

export function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
  cookies: string[] = [],
): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
    // Payload 2.0: API Gateway turns each entry into one Set-Cookie header.
    ...(cookies.length > 0 ? { cookies } : {}),
  };
}

export function file(data: Uint8Array, contentType: string, filename: string): HttpResult {
  return {
    statusCode: 200,
    isBase64Encoded: true,
    headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${filename}"` },
    body: Buffer.from(data).toString('base64'),
  };
}

/** Validates input against a shared zod contract; failures become a 422 with German field messages. */
export function parse<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: germanFallback });
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}

/**
 * Maps typed errors to answers in one place; anything unexpected is a logged 500 without internals,
 * counted as `ServerErrors` of the route's domain (one alarm per domain, infra/lib/monitoring-stack.ts).
 */
const httpErrors = (route: RouteRule): MiddlewareObj<APIGatewayProxyEventV2, HttpResult> => ({
  onError: async (request) => {
    const error = request.error;
    if (error instanceof ValidationError) {
      request.response = json(422, { message: error.message, errors: error.errors });
    } else if (error instanceof HttpError) {
      request.response = json(error.statusCode, { message: error.message });
    } else {
      logger.error('unexpected error', { error });
      countServerError(route.domain);
      request.response = json(500, { message: TEXT.genericError });
    }
  },
});

/**
 * The route on every log line of the invocation. A key of the invocation rather than of the logger:
 * on AWS a container serves one route either way, but the local API server runs every handler in one
 * process. `injectLambdaContext({ resetKeys })` removes it afterwards.
 */
const routeLogKey = (route: RouteRule): MiddlewareObj<APIGatewayProxyEventV2, HttpResult> => ({
  before: () => {
    logger.appendKeys({ route: `${route.method} ${route.path}` });
  },
});

/** Refuses requests that did not come through CloudFront (the origin secret is configured on AWS only; `edge.ts`). */
const edgeOnly = (): MiddlewareObj<APIGatewayProxyEventV2, HttpResult> => ({
  before: (request) => {
    // Read directly (not through env(), which needs the whole data configuration): the first check of every request.
    const secret = process.env.ORIGIN_VERIFY_SECRET;
    if (secret && !originVerified(request.event.headers?.[ORIGIN_VERIFY_HEADER], secret)) throw new ForbiddenError();
  },
});

/** One per container: the account-status cache lives here (USER_STATUS_CACHE_SECONDS). Unused, and dropped, in an anonymous route's bundle. */
const authenticator = createAuthenticator(
  () => ({
    users: userReader(),
    sessions: signOutReader(),
    impersonationSessions: impersonationSessions(),
    impersonationKeys: impersonationKeys(),
    hashToken: hashToken(),
    clock: clock(),
  }),
  () => env().USER_STATUS_CACHE_SECONDS,
);

/** Tests: forget the cached account statuses. */
export const resetAccountStatusCache = (): void => authenticator.reset();

/**
 * Routes an admin acting as a user may not call even though the user may (issue 11): the user's
 * password, and impersonating again. Admin routes are refused by the role check already (the
 * actor has the target's role, never admin). E-mail and payout data are refused in the profile
 * service, which knows what a `POST user/{id}` changes.
 */
const NOT_WHILE_IMPERSONATING: ReadonlySet<string> = new Set([
  'PATCH user/change-password/{id}',
  'POST auth/change-role',
]);

const authorise = (route: RouteRule): MiddlewareObj<APIGatewayProxyEventV2, HttpResult, Error, InternalContext> => ({
  before: async (request) => {
    const authentication = await authenticator.authenticate(bearerToken(request.event.headers ?? {}));
    if ('refused' in authentication) {
      // A known but switched-off account: refused on its routes, a guest on public ones.
      if (route.access !== 'public') throw new ForbiddenError(authentication.refused);
      return;
    }
    const { actor } = authentication;
    const verdict = isAllowed(route.access, actor?.role);
    if (verdict === 'unauthenticated') throw new UnauthenticatedError();
    if (verdict === 'forbidden') throw new ForbiddenError();
    if (actor?.impersonatedBy && NOT_WHILE_IMPERSONATING.has(`${route.method} ${route.path}`))
      throw new ForbiddenError(IMPERSONATION_TEXT.refused);
    request.context.actor = actor;
  },
});

/**
 * POST routes that only read (searches sent as POST bodies by the spec's API), the logout,
 * which records the session's end itself, and the refresh (the admin's own session, not the user's). Downloads stay recorded: they hand out the user's data.
 */
const NOT_A_WRITE: ReadonlySet<string> = new Set([
  'POST auth/logout',
  'POST auth/refresh',
  'POST auth/unique',
  'POST voucher/search',
  'POST check-coupon',
  'POST order/search',
  'POST user-voucher/search/user-vouchers',
]);

/**
 * Every write an admin makes as another user leaves one audit entry (issue 11): any non-GET route
 * that answered 2xx under an impersonation token. The write has committed by now, so a failed
 * audit put is logged loudly rather than turned into an error the client might retry.
 */
const auditImpersonatedWrites = (
  route: RouteRule,
): MiddlewareObj<APIGatewayProxyEventV2, HttpResult, Error, InternalContext> => ({
  after: async (request) => {
    const actor = request.context.actor;
    const status = request.response?.statusCode ?? 200;
    if (!actor?.impersonatedBy || route.method === 'GET' || status < 200 || status >= 300) return;
    if (NOT_A_WRITE.has(`${route.method} ${route.path}`)) return;
    const entry = {
      id: newId()(),
      action: 'impersonated_write' as const,
      actor_id: actor.impersonatedBy,
      target_id: actor.userId,
      details: { route: `${route.method} ${route.path}`, status, path: request.event.rawPath },
      at: clock()().toISOString(),
    };
    await auditWriter()
      .put(entry)
      .catch((error: unknown) => {
        logger.error('impersonated write not audited', { entry, error });
      });
  },
});

const jsonBody = (): MiddlewareObj<APIGatewayProxyEventV2, HttpResult, Error, InternalContext> => ({
  before: async (request) => {
    const { body, isBase64Encoded } = request.event;
    if (!body) {
      request.context.body = {};
      return;
    }
    // Lambda refuses larger requests on AWS; refusing them here too keeps local runs honest.
    if ((isBase64Encoded ? body.length : Buffer.byteLength(body)) > MAX_REQUEST_BODY_BYTES)
      throw new HttpError(413, REQUEST_TOO_LARGE);
    const type = request.event.headers?.['content-type'] ?? '';
    if (type.includes('multipart/form-data')) {
      request.context.body = await parseMultipart(Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8'), type);
      return;
    }
    const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
    if (type.includes('application/x-www-form-urlencoded')) {
      request.context.body = Object.fromEntries(new URLSearchParams(text));
      return;
    }
    try {
      request.context.body = JSON.parse(text);
    } catch {
      throw new ValidationError(
        { _: ['Die Anfrage enthält kein gültiges JSON.'] },
        'Die Anfrage enthält kein gültiges JSON.',
      );
    }
  },
});

function apiBaseUrl(event: APIGatewayProxyEventV2): string {
  const headers = event.headers ?? {};
  const host = headers['x-forwarded-host'] ?? headers.host ?? event.requestContext.domainName;
  const proto = headers['x-forwarded-proto'] ?? 'https';
  return `${proto}://${host}/api/v1/`;
}

/**
 * The tenant is the viewer's host as the edge forwards it: `X-Forwarded-Host`, which the CloudFront
 * function overwrites with the viewer's Host (locally the Vite proxy sets it), if it is `<name>.<apex>`
 * of the configured apex (env apexDomain(): CloudFront's own host is the main site). Never `Origin`: a
 * client can send any Origin, and the tenant decides the sales channel and its commission.
 */
function tenantOf(event: APIGatewayProxyEventV2): string | undefined {
  const headers = event.headers ?? {};
  const host = headers['x-forwarded-host'] ?? headers.host;
  if (!host) return undefined;
  return tenantFromHost(host, apexDomain());
}

/** In a route's bundle: its manifest entry as JSON (bundle-options.ts `routeDefine`); not declared in-process. */
declare const __GM_ROUTE__: string | undefined;
/** In a route's bundle: whether the route is anonymous, as a literal (bundle-options.ts `routeDefine`). */
declare const __GM_ANONYMOUS__: boolean | undefined;

/**
 * The handler's manifest entry. In a route's bundle the bundler put it there, so the manifest is not
 * bundled (esbuild drops the other branch, and with it routes.ts and capabilities.ts); in-process
 * (local API, tests) it is looked up by the key.
 */
function routeOf(key: RouteKey): RouteRule {
  const [method, path] = key.split(' ') as [Route['method'], Route['path']];
  // One expression: esbuild removes the branch not taken only then (not code after an `if (true) return`).
  const { access, domain }: BundledRoute =
    typeof __GM_ROUTE__ === 'string' ? (JSON.parse(__GM_ROUTE__) as BundledRoute) : findRoute(key);
  return { method, path, access, domain };
}

/**
 * Wraps a route's use case as a Lambda handler: authorises by the manifest's access rule, parses
 * the body, maps errors. The handler function only reads input, calls a service and answers.
 */
export function http<K extends RouteKey>(key: K, fn: (request: HttpRequest<K>) => Promise<HttpResult>) {
  const route = routeOf(key);
  // Lambda would end a timed-out invocation without a word; middy throws 250 ms before, so httpErrors logs and counts it.
  const wrapper = middy<APIGatewayProxyEventV2, HttpResult, Error, InternalContext>({ timeoutEarlyInMillis: 250 })
    .use(observed<APIGatewayProxyEventV2, HttpResult>([routeLogKey(route)]))
    .use(httpErrors(route))
    .use(edgeOnly());
  // One expression on the bundle's literal: esbuild drops the branch an anonymous route does not take,
  // and with it the authenticator (jose, its readers); in-process the manifest decides.
  return (
    (typeof __GM_ANONYMOUS__ === 'boolean' ? __GM_ANONYMOUS__ : findRoute(key).anonymous === true)
      ? wrapper
      : wrapper.use(auditImpersonatedWrites(route)).use(authorise(route))
  )
    .use(jsonBody())
    .handler(async (event, context) =>
      fn({
        actor: context.actor as ActorOf<K>,
        body: context.body,
        query: event.queryStringParameters ?? {},
        params: event.pathParameters ?? {},
        headers: event.headers ?? {},
        tenant: tenantOf(event),
        apiBaseUrl: apiBaseUrl(event),
        event,
      }),
    );
}
