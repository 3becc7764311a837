import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { grantsOf, type Grants, type Uses } from '../../functions/src/capabilities.ts';
import { setSdkCallObserver } from '../../functions/src/lib/sdk-call-observer.ts';
import { routes } from '../../functions/src/routes.ts';
import {
  API_PREFIX,
  buildEvent,
  corsHeaders,
  lambdaContext,
  matchRoute,
  toHttpResponse,
  type RouteLike,
} from './api-gateway-event.ts';
import { describeNeed, granted, needsOf, type GuardEnv } from './capability-guard.ts';

/**
 * A local API Gateway (HTTP API, payload 2.0) driven by the route manifest: each request under
 * /api/v1/ becomes the event the route's Lambda gets on AWS, and its handler module is imported
 * lazily, so a route whose module does not exist yet answers 500 instead of breaking the server.
 */
export type LocalApi = { url: string; close(): Promise<void> };

export type LocalApiOptions = {
  port: number;
  host?: string;
  /** No per-request log lines. */
  quiet?: boolean;
  /** Defaults to the manifest in functions/src/routes.ts (tests may pass their own). */
  routes?: readonly RouteLike[];
  /**
   * Every AWS SDK call a handler makes is checked against its route's declared capabilities
   * (`uses` in the manifest; scripts/dev/capability-guard.ts). `enforce` (the integration tests):
   * an undeclared call fails and the request answers 500 naming it; `warn` (default, `npm start`):
   * logged only; `off`. Env GM_CAPABILITIES overrides the default.
   */
  capabilities?: CapabilityMode;
  /**
   * Runs before the handler of each request, outside its capability check: the local stand-in's
   * work that AWS does asynchronously (scripts/dev/search-snapshot-sync.ts).
   */
  beforeHandler?: (route: RouteLike) => Promise<void>;
};

export type CapabilityMode = 'enforce' | 'warn' | 'off';

type RouteCall = { key: string; grants: Grants | undefined; violations: string[] };
const currentRoute = new AsyncLocalStorage<RouteCall>();

/**
 * Installs the check on the SDK clients of this process (one observer: the last API created wins).
 * GM_SDK_CALL_LOG=<file> also appends every call's needs as JSON lines (for reviewing declarations).
 */
function installCapabilityCheck(mode: CapabilityMode): void {
  const log = process.env.GM_SDK_CALL_LOG;
  if (mode === 'off' && !log) return setSdkCallObserver(undefined);
  setSdkCallObserver((call) => {
    const route = currentRoute.getStore();
    if (!route) return;
    const needs = needsOf(call, process.env as GuardEnv);
    if (log) appendFileSync(log, `${JSON.stringify({ route: route.key, command: call.command, needs })}\n`);
    if (mode === 'off' || !route.grants) return;
    const missing = needs.filter((need) => !granted(need, route.grants!)).map(describeNeed);
    if (missing.length === 0) return;
    const message = `${route.key} is not declared to ${missing.join(', ')} (functions/src/routes.ts uses)`;
    route.violations.push(message);
    if (mode === 'warn') {
      console.warn(`[local-api] capability: ${message}`);
      return;
    }
    throw new Error(`AccessDenied (local capability check): ${message}`);
  });
}

type LambdaHandler = (event: unknown, context: unknown) => Promise<unknown>;

const HANDLERS_DIR = fileURLToPath(new URL('../../functions/src/handlers/', import.meta.url));

function handlerFile(handler: string): string {
  return `${HANDLERS_DIR}${handler}.ts`;
}

const loaded = new Map<string, LambdaHandler>();

async function loadHandler(handler: string): Promise<LambdaHandler> {
  const cached = loaded.get(handler);
  if (cached) return cached;
  const file = handlerFile(handler);
  if (!existsSync(file)) throw new Error(`handler module functions/src/handlers/${handler}.ts does not exist yet`);
  const mod = (await import(pathToFileURL(file).href)) as { handler?: unknown };
  if (typeof mod.handler !== 'function')
    throw new Error(`functions/src/handlers/${handler}.ts exports no function \`handler\``);
  const fn = mod.handler as LambdaHandler;
  loaded.set(handler, fn);
  return fn;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer | string,
  cookies: string[] = [],
): void {
  if (res.headersSent) return;
  const out: Record<string, string | string[]> = { ...headers };
  if (cookies.length > 0) out['set-cookie'] = cookies;
  res.writeHead(status, out);
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  send(res, status, { 'content-type': 'application/json; charset=utf-8', ...extra }, JSON.stringify(body));
}

export async function createLocalApi(opts: LocalApiOptions): Promise<LocalApi> {
  const host = opts.host ?? '127.0.0.1';
  const manifest = opts.routes ?? (routes as readonly RouteLike[]);
  const mode: CapabilityMode =
    opts.capabilities ?? (process.env.GM_CAPABILITIES as CapabilityMode | undefined) ?? 'warn';
  installCapabilityCheck(mode);

  const server = createServer(async (req, res) => {
    const started = performance.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const origin = req.headers.origin;
    if (path === '/__health') {
      send(res, 200, { 'content-type': 'text/plain' }, 'ok');
      return;
    }
    let note = '';
    res.on('finish', () => {
      if (!opts.quiet) {
        const ms = Math.round(performance.now() - started);
        console.log(`${method} ${path} ${res.statusCode} ${ms}ms${note ? ` — ${note}` : ''}`);
      }
    });

    try {
      if (method === 'OPTIONS' && origin && req.headers['access-control-request-method']) {
        const requestHeaders = req.headers['access-control-request-headers'];
        send(res, 204, corsHeaders(origin, { requestHeaders }), '');
        return;
      }
      const cors = corsHeaders(origin);
      const match = path.startsWith(API_PREFIX)
        ? matchRoute(manifest, method, path.slice(API_PREFIX.length))
        : undefined;
      if (!match) {
        sendJson(res, 404, { message: 'Nicht gefunden.' }, cors);
        return;
      }
      const body = await readBody(req);
      let handler: LambdaHandler;
      try {
        handler = await loadHandler(match.route.handler);
      } catch (error) {
        note = `${match.route.method} ${match.route.path}: ${(error as Error).message}`;
        console.error(
          `[local-api] ${method} ${path}: cannot load handler — ${(error as Error).stack ?? String(error)}`,
        );
        sendJson(res, 500, { message: `Handler ${match.route.handler} konnte nicht geladen werden.` }, cors);
        return;
      }
      const event = buildEvent({
        method,
        url,
        headers: req.headers,
        body,
        route: match.route,
        pathParameters: match.pathParameters,
        sourceIp: req.socket.remoteAddress,
        protocol: `HTTP/${req.httpVersion}`,
      });
      await opts.beforeHandler?.(match.route);
      const uses = (match.route as RouteLike & { uses?: Uses }).uses;
      const call: RouteCall = {
        key: `${match.route.method} ${match.route.path}`,
        grants: uses ? grantsOf(uses) : undefined,
        violations: [],
      };
      const result = await currentRoute.run(call, () => handler(event, lambdaContext(match.route.handler)));
      if (mode === 'enforce' && call.violations.length > 0) {
        note = 'capability violation';
        console.error(`[local-api] ${call.violations.join('; ')}`);
        sendJson(res, 500, { message: `Capability violation: ${call.violations.join('; ')}` }, cors);
        return;
      }
      const response = toHttpResponse(result);
      send(res, response.statusCode, { ...cors, ...response.headers }, response.body, response.cookies);
    } catch (error) {
      note = 'handler threw';
      console.error(`[local-api] ${method} ${path}: ${(error as Error)?.stack ?? String(error)}`);
      // API Gateway's own answer when the integration fails.
      sendJson(res, 500, { message: 'Internal Server Error' }, corsHeaders(origin));
    }
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const shownHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${shownHost}:${port}${API_PREFIX}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
