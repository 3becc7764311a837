import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/**
 * The pure half of the local API Gateway (HTTP API, payload format 2.0): route matching with API
 * Gateway's precedence, event building, result conversion and CORS for localhost origins.
 * local-api.ts does the I/O around it.
 */
export const API_PREFIX = '/api/v1/';

export type RouteLike = { method: string; path: string; handler: string };

export type RouteMatch<R extends RouteLike> = { route: R; pathParameters: Record<string, string> };

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string } | { kind: 'greedy'; name: string };

function parsePattern(path: string): Segment[] {
  return splitPath(path).map((part): Segment => {
    const param = part.match(/^\{([^}]+?)(\+)?\}$/);
    if (!param?.[1]) return { kind: 'static', value: part };
    return param[2] ? { kind: 'greedy', name: param[1] } : { kind: 'param', name: param[1] };
  });
}

function splitPath(path: string): string[] {
  return path.replace(/^\/+|\/+$/g, '').split('/');
}

/** Ranks a match: per segment, static (2) beats {param} (1) beats {greedy+} (0), leftmost first. */
function score(pattern: Segment[]): number[] {
  return pattern.map((s) => (s.kind === 'static' ? 2 : s.kind === 'param' ? 1 : 0));
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (b[i] ?? -1) - (a[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

function matchPattern(pattern: Segment[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i] as Segment;
    if (segment.kind === 'greedy') {
      if (i >= parts.length) return undefined;
      params[segment.name] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined || part === '') return undefined;
    if (segment.kind === 'static') {
      if (decode(part) !== segment.value) return undefined;
    } else {
      params[segment.name] = decode(part);
    }
  }
  return pattern.length === parts.length ? params : undefined;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * Finds the route for `method` and `path` (below /api/v1/, raw, without query), the way API
 * Gateway does: among matching routes, static segments win over {param} segments (e.g.
 * `user/user-filter` beats `user/{id}`), and {param} wins over {greedy+}.
 */
export function matchRoute<R extends RouteLike>(
  routes: readonly R[],
  method: string,
  path: string,
): RouteMatch<R> | undefined {
  const parts = splitPath(path);
  let best: { match: RouteMatch<R>; score: number[] } | undefined;
  for (const route of routes) {
    if (route.method !== method.toUpperCase() && route.method !== 'ANY') continue;
    const pattern = parsePattern(route.path);
    const pathParameters = matchPattern(pattern, parts);
    if (!pathParameters) continue;
    const candidate = { match: { route, pathParameters }, score: score(pattern) };
    if (!best || compareScores(candidate.score, best.score) < 0) best = candidate;
  }
  return best?.match;
}

/** Content types API Gateway passes as text; everything else (multipart, images, PDFs) is base64. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript' ||
    type === 'application/x-www-form-urlencoded'
  );
}

export type IncomingHeaders = Record<string, string | string[] | undefined>;

export type EventInput = {
  method: string;
  /** Request target as received: raw path plus optional `?query`. */
  url: string;
  headers: IncomingHeaders;
  body?: Uint8Array | undefined;
  route: RouteLike;
  pathParameters: Record<string, string>;
  sourceIp?: string;
  protocol?: string;
  now?: Date;
};

function apiGatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

/** Builds the APIGatewayProxyEventV2 that API Gateway would hand the route's Lambda. */
export function buildEvent(input: EventInput): APIGatewayProxyEventV2 {
  const now = input.now ?? new Date();
  const queryStart = input.url.indexOf('?');
  const rawPath = queryStart === -1 ? input.url : input.url.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : input.url.slice(queryStart + 1);
  const sourceIp = (input.sourceIp ?? '127.0.0.1').replace(/^::ffff:/, '');

  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(input.headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const joined = Array.isArray(value) ? value.join(',') : value;
    if (key === 'cookie') {
      cookies = [
        ...(cookies ?? []),
        ...joined
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean),
      ];
      continue;
    }
    headers[key] = headers[key] === undefined ? joined : `${headers[key]},${joined}`;
  }
  // API Gateway always adds these; on AWS the protocol is https, locally http.
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-for'] ??= sourceIp;
  // Locally this server also plays CloudFront, which adds the viewer's address (client-ip.ts reads
  // it). A caller may set it, so integration tests can play several viewers.
  headers['x-viewer-address'] ??= sourceIp;
  const host = headers.host ?? 'localhost';
  headers['x-forwarded-port'] ??= host.match(/:(\d+)$/)?.[1] ?? '80';

  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    queryStringParameters = {};
    for (const [key, value] of new URLSearchParams(rawQueryString)) {
      const existing: string | undefined = queryStringParameters[key];
      queryStringParameters[key] = existing === undefined ? value : `${existing},${value}`;
    }
  }

  let body: string | undefined;
  let isBase64Encoded = false;
  if (input.body && input.body.length > 0) {
    const buffer = Buffer.from(input.body);
    if (isTextContentType(headers['content-type'])) {
      body = buffer.toString('utf8');
    } else {
      body = buffer.toString('base64');
      isBase64Encoded = true;
    }
  }

  const method = input.method.toUpperCase();
  const domainName = host.replace(/:\d+$/, '');
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: `${input.route.method} ${API_PREFIX}${input.route.path}`,
    rawPath,
    rawQueryString,
    headers,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      http: {
        method,
        path: rawPath,
        protocol: input.protocol ?? 'HTTP/1.1',
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${input.route.method} ${API_PREFIX}${input.route.path}`,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded,
  };
  if (cookies) event.cookies = cookies;
  if (queryStringParameters) event.queryStringParameters = queryStringParameters;
  if (Object.keys(input.pathParameters).length > 0) event.pathParameters = { ...input.pathParameters };
  if (body !== undefined) event.body = body;
  return event;
}

/** A Lambda context stub; `getRemainingTimeInMillis` counts down from API Gateway's 29 s limit. */
export function lambdaContext(handler: string, timeoutMs = 29_000): Context {
  const deadline = Date.now() + timeoutMs;
  const functionName = `gm-local-${handler.replace(/\//g, '-')}`;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:eu-central-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export type HttpResponse = { statusCode: number; headers: Record<string, string>; cookies: string[]; body: Buffer };

/** Converts a handler's result the way API Gateway does (structured, or any value as JSON 200). */
export function toHttpResponse(result: unknown): HttpResponse {
  const isStructured = typeof result === 'object' && result !== null && 'statusCode' in result;
  if (!isStructured) {
    const body = typeof result === 'string' ? result : result === undefined ? '' : JSON.stringify(result);
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body: Buffer.from(body) };
  }
  const structured = result as APIGatewayProxyStructuredResultV2;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name.toLowerCase()] = String(value);
  const raw = structured.body ?? '';
  return {
    statusCode: structured.statusCode ?? 200,
    headers,
    cookies: structured.cookies ?? [],
    body: structured.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8'),
  };
}

/** localhost, 127.0.0.1 and any *.localhost host (tenant shops), over http or https, any port. */
export function isLocalOrigin(origin: string | undefined): origin is string {
  if (!origin) return false;
  try {
    const { hostname, protocol } = new URL(origin);
    return (
      (protocol === 'http:' || protocol === 'https:') &&
      (hostname === 'localhost' || hostname === '127.0.0.1' || hostname.endsWith('.localhost'))
    );
  } catch {
    return false;
  }
}

/** CORS headers for a local origin (what the CDK's HTTP API CORS config allows on AWS). */
export function corsHeaders(
  origin: string | undefined,
  preflight?: { requestHeaders?: string | undefined },
): Record<string, string> {
  if (!isLocalOrigin(origin)) return {};
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: 'origin',
  };
  if (preflight) {
    headers['access-control-allow-methods'] = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';
    headers['access-control-allow-headers'] = preflight.requestHeaders || 'authorization,content-type';
    headers['access-control-max-age'] = '600';
  } else {
    headers['access-control-expose-headers'] = 'content-disposition';
  }
  return headers;
}
