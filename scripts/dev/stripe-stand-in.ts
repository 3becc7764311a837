import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import Stripe from 'stripe';
import { formatEuro } from '@gm/shared/money/money';
import { TEST_CARDS } from '@gm/shared/payments/test-cards';
import { FormEncodingError, parseForm, type FormObject } from './stripe-stand-in/form-encoding.ts';
import {
  emptyState,
  StripeModel,
  stripeId,
  type RequestInfo,
  type StandInState,
  type StripeEvent,
} from './stripe-stand-in/model.ts';
import { invalidRequest, Params, StripeApiError } from './stripe-stand-in/params.ts';

/**
 * A local stand-in for the part of Stripe's REST API the product uses (no Stripe emulator exists,
 * /work/shared/local-services.md). The real `stripe` SDK talks to it over HTTP (`host`, `port`,
 * `protocol: 'http'`): form-encoded requests, Stripe-shaped JSON answers and errors, Idempotency-Key
 * replay, and **signed** webhook events (signed with the SDK's own `generateTestHeaderString`, so
 * the product verifies them with the real `constructEvent`), retried with backoff like Stripe does.
 *
 * Pages for the browser: `/` (events and deliveries), `/__authorize/<pi>` (3-D Secure and bank
 * redirects: 'Authorisieren' / 'Ablehnen'), `/__onboarding/<acct>` (Connect onboarding).
 * Test-only API under `/__test/` (JSON or form bodies):
 * - `GET /__test/events?type=&object=` events, newest first (object: an id or a charge's payment_intent)
 * - `GET /__test/deliveries?event=` webhook delivery attempts
 * - `POST /__test/events/<id>/redeliver {count}` delivers an event `count` times at once → `{statuses}`
 * - `POST /__test/hold {object}` / `/__test/release {object}` no automatic delivery of that object's events
 * - `POST /__test/accounts/<id> {payouts_enabled, charges_enabled, details_submitted}` Stripe's verification result
 * - `POST /__test/balance {amount}` adds cents to the platform balance (`GET /v1/balance`)
 * - `POST /__test/idle {timeout_ms}` waits until no delivery or retry is pending
 */
export type StripeStandInOptions = {
  /** 0 or unset: a free port. */
  port?: number;
  /** Where signed events are POSTed (the local API's `/api/v1/stripe/webhook`); none when unset. */
  webhookUrl?: string;
  webhookSecret: string;
  /** Event types the webhook endpoint is subscribed to (like the Dashboard's setting); all when unset. */
  webhookEvents?: readonly string[];
  /** Accepted API keys (defaults `sk_test_local`, `pk_test_local`). */
  secretKey?: string;
  publishableKey?: string;
  /** Persist state here (npm start); in memory when unset. */
  dataDir?: string;
  /** Webhook retries: first retry after `baseDelayMs`, doubling, at most `maxAttempts` attempts in all. */
  retry?: { baseDelayMs?: number; maxDelayMs?: number; maxAttempts?: number };
  quiet?: boolean;
};

export type WebhookDelivery = {
  event_id: string;
  type: string;
  attempt: number;
  kind: 'automatic' | 'redelivery';
  /** HTTP status, or 0 when the endpoint could not be reached. */
  status: number;
  ok: boolean;
  at: string;
  duration_ms: number;
  error?: string;
};

export type StripeStandIn = {
  url: string;
  port: number;
  stop(): Promise<void>;
  deliveries(): WebhookDelivery[];
  events(): StripeEvent[];
  /** Resolves once no webhook delivery or retry is pending. */
  idle(timeoutMs?: number): Promise<void>;
};

export const DEFAULT_SECRET_KEY = 'sk_test_local';
export const DEFAULT_PUBLISHABLE_KEY = 'pk_test_local';
const STATE_FILE = 'stripe-stand-in.json';
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

type KeyKind = 'secret' | 'publishable';
type IdempotencyRecord = {
  method: string;
  path: string;
  fingerprint: string;
  status: number;
  body: string;
  at: number;
};
type Persisted = { state: StandInState; idempotency: Record<string, IdempotencyRecord> };

type Ctx = {
  path: string;
  params: Params;
  query: Params;
  match: string[];
  keyKind: KeyKind;
  request: RequestInfo;
};
type Handler = (ctx: Ctx) => unknown;
type Route = { method: 'GET' | 'POST' | 'DELETE'; pattern: RegExp; handler: Handler; publishable?: boolean };

export async function startStripeStandIn(opts: StripeStandInOptions): Promise<StripeStandIn> {
  const secretKey = opts.secretKey ?? DEFAULT_SECRET_KEY;
  const publishableKey = opts.publishableKey ?? DEFAULT_PUBLISHABLE_KEY;
  const retry = { baseDelayMs: 1000, maxDelayMs: 60_000, maxAttempts: 8, ...opts.retry };
  const log = (line: string) => {
    if (!opts.quiet) console.log(`[stripe] ${line}`);
  };

  // --- state and persistence --------------------------------------------------------------------
  let persisted: Persisted = { state: emptyState(), idempotency: {} };
  const stateFile = opts.dataDir ? join(opts.dataDir, STATE_FILE) : undefined;
  if (stateFile && existsSync(stateFile)) {
    try {
      const loaded = JSON.parse(await readFile(stateFile, 'utf8')) as Persisted;
      persisted = { state: { ...emptyState(), ...loaded.state }, idempotency: loaded.idempotency ?? {} };
    } catch (error) {
      log(`ignoring unreadable ${stateFile}: ${String(error)}`);
    }
  }
  const idempotency = persisted.idempotency;
  for (const [key, record] of Object.entries(idempotency))
    if (Date.now() - record.at > IDEMPOTENCY_TTL_MS) delete idempotency[key];

  let saveTimer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = async () => {
    if (!stateFile || !opts.dataDir) return;
    await mkdir(opts.dataDir, { recursive: true });
    const tmp = `${stateFile}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify({ state: model.state, idempotency } satisfies Persisted));
    await rename(tmp, stateFile);
  };
  const scheduleSave = () => {
    if (!stateFile || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      saving = saving.then(save).catch((error: unknown) => log(`could not save state: ${String(error)}`));
    }, 100);
  };

  // --- webhook delivery -------------------------------------------------------------------------
  const deliveries: WebhookDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let stopped = false;
  const idleWaiters: (() => void)[] = [];
  const checkIdle = () => {
    if (inFlight === 0 && timers.size === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
  };
  /** Objects whose events are not delivered automatically (test API `/__test/hold`): a test delivers them itself. */
  const held = new Set<string>();
  /** Refunds the stand-in refuses (test API `/__test/refund-failures`): payment intent id → Stripe error (code, message). */
  const refundFailures = new Map<string, { code: string; message: string | undefined }>();
  const isHeld = (event: StripeEvent) => {
    const o = event.data.object as { id?: string; payment_intent?: string };
    return (o.id !== undefined && held.has(o.id)) || (o.payment_intent !== undefined && held.has(o.payment_intent));
  };
  const subscribed = (type: string) =>
    !opts.webhookEvents || opts.webhookEvents.includes(type) || opts.webhookEvents.includes('*');

  async function post(event: StripeEvent, attempt: number, kind: WebhookDelivery['kind']): Promise<WebhookDelivery> {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
    const started = performance.now();
    const delivery: WebhookDelivery = {
      event_id: event.id,
      type: event.type,
      attempt,
      kind,
      status: 0,
      ok: false,
      at: new Date().toISOString(),
      duration_ms: 0,
    };
    inFlight++;
    try {
      const response = await fetch(opts.webhookUrl as string, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.status = response.status;
      delivery.ok = response.ok;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    } finally {
      inFlight--;
    }
    delivery.duration_ms = Math.round(performance.now() - started);
    deliveries.push(delivery);
    if (deliveries.length > 5000) deliveries.splice(0, deliveries.length - 5000);
    if (delivery.ok) {
      const stored = model.state.events.find((e) => e.id === event.id);
      if (stored) stored.pending_webhooks = 0;
    }
    log(`webhook ${event.type} ${event.id} attempt ${attempt} → ${delivery.status || delivery.error}`);
    return delivery;
  }

  function deliver(event: StripeEvent, attempt: number, kind: WebhookDelivery['kind']): Promise<WebhookDelivery> {
    return post(event, attempt, kind).then((delivery) => {
      if (!delivery.ok && !stopped && attempt < retry.maxAttempts) {
        const delay = Math.min(retry.baseDelayMs * 2 ** (attempt - 1), retry.maxDelayMs);
        const timer = setTimeout(() => {
          timers.delete(timer);
          void deliver(event, attempt + 1, kind).finally(checkIdle);
        }, delay);
        timers.add(timer);
      }
      checkIdle();
      return delivery;
    });
  }

  function onEvent(event: StripeEvent): void {
    scheduleSave();
    if (!opts.webhookUrl || !subscribed(event.type) || isHeld(event)) return;
    event.pending_webhooks = 1;
    // After the API answer that caused it, like Stripe (webhooks are asynchronous).
    inFlight++;
    setImmediate(() => {
      inFlight--;
      if (stopped) return checkIdle();
      const snapshot = model.state.events.find((e) => e.id === event.id) ?? event;
      void deliver(structuredClone(snapshot), 1, 'automatic');
    });
  }

  // --- server -----------------------------------------------------------------------------------
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent)
        sendJson(res, 500, {
          error: { type: 'api_error', message: 'An unknown error occurred in the local Stripe stand-in.' },
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  const model = new StripeModel({ baseUrl: url, apiVersion: Stripe.API_VERSION, onEvent, state: persisted.state });

  const routes: Route[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents$/,
      handler: (c) => model.createPaymentIntent(c.params, c.request),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      publishable: true,
      handler: (c) => {
        if (c.keyKind === 'publishable') model.checkClientSecret(c.match[0]!, c.query.str('client_secret'));
        return model.retrievePaymentIntent(c.match[0]!, c.query);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handler: (c) => model.updatePaymentIntent(c.match[0]!, c.params),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      publishable: true,
      handler: (c) => {
        if (c.keyKind === 'publishable') model.checkClientSecret(c.match[0]!, c.params.str('client_secret'));
        return model.confirmPaymentIntent(c.match[0]!, c.params, c.request);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      handler: (c) => model.cancelPaymentIntent(c.match[0]!, c.params, c.request),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods$/,
      publishable: true,
      handler: (c) => model.createPaymentMethod(c.params),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods$/,
      handler: (c) => list(c, model.listPaymentMethods(c.query.requiredStr('customer'), c.query)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      handler: (c) => model.retrievePaymentMethod(c.match[0]!),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handler: (c) => model.attachPaymentMethod(c.match[0]!, c.params, c.request),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      handler: (c) => model.detachPaymentMethod(c.match[0]!, c.params, c.request),
    },
    { method: 'POST', pattern: /^\/v1\/customers$/, handler: (c) => model.createCustomer(c.params, c.request) },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handler: (c) => model.retrieveCustomer(c.match[0]!) },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handler: (c) => model.updateCustomer(c.match[0]!, c.params, c.request),
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handler: (c) => model.deleteCustomer(c.match[0]!, c.request),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      handler: (c) => list(c, model.listPaymentMethods(c.match[0]!, c.query)),
    },
    { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, handler: (c) => model.retrieveCharge(c.match[0]!) },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handler: (c) => {
        // A refusal set up by a test (a disputed charge): Stripe's 400 for refunds it cannot issue.
        const pi = c.params.str('payment_intent');
        const failure = pi ? refundFailures.get(pi) : undefined;
        if (failure)
          throw invalidRequest(
            failure.message ?? `Charge for PaymentIntent ${pi} has been charged back; cannot issue a refund.`,
            { code: failure.code, param: 'payment_intent' },
          );
        return model.createRefund(c.params, c.request);
      },
    },
    { method: 'GET', pattern: /^\/v1\/refunds\/([^/]+)$/, handler: (c) => model.retrieveRefund(c.match[0]!) },
    { method: 'POST', pattern: /^\/v1\/accounts$/, handler: (c) => model.createAccount(c.params) },
    { method: 'GET', pattern: /^\/v1\/accounts\/([^/]+)$/, handler: (c) => model.retrieveAccount(c.match[0]!) },
    {
      method: 'POST',
      pattern: /^\/v1\/accounts\/([^/]+)$/,
      handler: (c) => model.updateAccount(c.match[0]!, c.params, c.request),
    },
    { method: 'POST', pattern: /^\/v1\/account_links$/, handler: (c) => model.createAccountLink(c.params) },
    { method: 'POST', pattern: /^\/v1\/transfers$/, handler: (c) => model.createTransfer(c.params, c.request) },
    { method: 'GET', pattern: /^\/v1\/transfers$/, handler: (c) => list(c, model.listTransfers(c.query)) },
    { method: 'GET', pattern: /^\/v1\/transfers\/([^/]+)$/, handler: (c) => model.retrieveTransfer(c.match[0]!) },
    {
      method: 'POST',
      pattern: /^\/v1\/transfers\/([^/]+)\/reversals$/,
      handler: (c) => model.reverseTransfer(c.match[0]!, c.params, c.request),
    },
    { method: 'GET', pattern: /^\/v1\/balance$/, handler: () => model.balance() },
    { method: 'GET', pattern: /^\/v1\/events$/, handler: (c) => list(c, model.listEvents(c.query)) },
    { method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, handler: (c) => model.retrieveEvent(c.match[0]!) },
  ];

  function list(ctx: Ctx, result: { data: unknown[]; has_more: boolean }) {
    return { object: 'list', data: result.data, has_more: result.has_more, url: ctx.path };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = new URL(req.url ?? '/', url);
    const path = target.pathname;
    const cors = corsHeaders(req.headers.origin);
    if (method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const body = await readBody(req);

    if (path === '/' && method === 'GET') return sendHtml(res, 200, indexPage());
    if (path.startsWith('/__authorize/')) return authorisePage(method, path, target, body, res);
    if (path.startsWith('/__onboarding/')) return onboardingPage(method, path, target, body, res);
    if (path.startsWith('/__test/')) return testApi(method, path, target, body, res);
    if (!path.startsWith('/v1/'))
      return sendJson(
        res,
        404,
        { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
        cors,
      );

    const requestId = stripeId('req', 14);
    const headers: Record<string, string> = {
      ...cors,
      'request-id': requestId,
      'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
    };
    const fail = (error: StripeApiError) => sendJson(res, error.statusCode, { error: error.body }, headers);

    // Authentication: Bearer (the SDK), Basic (curl -u sk_test_…:), or `key=` in the body (Stripe.js style).
    const auth = req.headers.authorization ?? '';
    let key: string | undefined;
    if (auth.startsWith('Bearer ')) key = auth.slice(7).trim();
    else if (auth.startsWith('Basic ')) key = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0];
    let params: FormObject = {};
    let query: FormObject = {};
    try {
      query = parseForm(target.search.slice(1));
      if (body.length > 0) {
        const type = String(req.headers['content-type'] ?? '');
        if (!type.includes('application/x-www-form-urlencoded')) {
          return fail(
            invalidRequest(
              `Invalid request: unsupported Content-Type ${type || '(none)'}. Stripe's API takes application/x-www-form-urlencoded bodies.`,
            ),
          );
        }
        params = parseForm(body.toString('utf8'));
      }
    } catch (error) {
      if (error instanceof FormEncodingError) return fail(invalidRequest(error.message, { param: error.param }));
      throw error;
    }
    if (!key && typeof params.key === 'string') key = params.key;
    if (!key) {
      return sendJson(
        res,
        401,
        {
          error: {
            type: 'invalid_request_error',
            message:
              "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          },
        },
        headers,
      );
    }
    const keyKind: KeyKind | undefined =
      key === secretKey ? 'secret' : key === publishableKey ? 'publishable' : undefined;
    if (!keyKind) {
      return sendJson(
        res,
        401,
        {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
          },
        },
        headers,
      );
    }

    let route: Route | undefined;
    let match: string[] = [];
    for (const candidate of routes) {
      if (candidate.method !== method) continue;
      const m = candidate.pattern.exec(path);
      if (m) {
        route = candidate;
        match = m.slice(1).map(decodeURIComponent);
        break;
      }
    }
    if (!route)
      return fail(
        invalidRequest(
          `Unrecognized request URL (${method}: ${path}). The local Stripe stand-in does not implement this endpoint.`,
        ),
      );
    if (keyKind === 'publishable' && !route.publishable) {
      return sendJson(
        res,
        403,
        {
          error: {
            type: 'invalid_request_error',
            message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
          },
        },
        headers,
      );
    }

    // Idempotency: the same key with the same parameters replays the first answer; other parameters are an error.
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const storeKey = idempotencyKey ? `${keyKind}:${idempotencyKey}` : undefined;
    const fingerprint = createHash('sha256').update(canonical(params)).digest('hex');
    if (storeKey) {
      headers['idempotency-key'] = idempotencyKey as string;
      const previous = idempotency[storeKey];
      if (previous) {
        if (previous.method !== method || previous.path !== path || previous.fingerprint !== fingerprint) {
          return sendJson(
            res,
            400,
            {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            },
            headers,
          );
        }
        res.writeHead(previous.status, {
          'content-type': 'application/json',
          'idempotent-replayed': 'true',
          ...headers,
        });
        res.end(previous.body);
        return;
      }
    }

    const ctx: Ctx = {
      path,
      params: new Params(params),
      query: new Params(query),
      match,
      keyKind,
      request: { id: requestId, idempotencyKey: idempotencyKey ?? null },
    };
    let status = 200;
    let answer: unknown;
    try {
      const result = route.handler(ctx);
      const expand = (method === 'GET' ? ctx.query : ctx.params).list('expand');
      answer = result && typeof result === 'object' && !('data' in result) ? model.expand(result, expand) : result;
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.statusCode;
      answer = { error: error.body };
    }
    const text = JSON.stringify(answer, null, 2);
    // Stripe saves the result once the endpoint ran; requests refused as malformed are not saved.
    if (storeKey && (status < 400 || status === 402)) {
      idempotency[storeKey] = { method, path, fingerprint, status, body: text, at: Date.now() };
    }
    if (method !== 'GET') scheduleSave();
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(text);
  }

  // --- browser pages ----------------------------------------------------------------------------
  function authorisePage(method: string, path: string, target: URL, body: Buffer, res: ServerResponse): void {
    const id = decodeURIComponent(path.slice('/__authorize/'.length));
    if (method === 'POST') {
      const form = new URLSearchParams(body.toString('utf8'));
      const token = form.get('token') ?? undefined;
      const decision = form.get('decision');
      if (!model.pendingAuthorisation(id, token) || (decision !== 'approve' && decision !== 'decline')) {
        return sendHtml(
          res,
          409,
          page('Zahlung bereits abgeschlossen', '<p>Diese Autorisierung ist nicht mehr offen.</p>'),
        );
      }
      const { intent, redirect } = model.authorise(id, token, decision === 'approve');
      scheduleSave();
      log(`${intent.id} ${decision === 'approve' ? 'authorised' : 'declined'} on the authorisation page`);
      if (redirect) {
        res.writeHead(303, { location: redirect });
        res.end();
        return;
      }
      return sendHtml(
        res,
        200,
        page(
          'Erledigt',
          `<p>Die Zahlung ist jetzt <strong>${escapeHtml(intent.status)}</strong>. Du kannst dieses Fenster schließen.</p>`,
        ),
      );
    }
    const token = target.searchParams.get('token') ?? undefined;
    const pending = model.pendingAuthorisation(id, token);
    if (!pending)
      return sendHtml(
        res,
        404,
        page('Zahlung nicht offen', '<p>Diese Zahlung wartet auf keine Autorisierung (mehr).</p>'),
      );
    const { intent, paymentMethod } = pending;
    const method_ =
      paymentMethod.type === 'card'
        ? `Karte ${escapeHtml(capitalise(paymentMethod.card?.brand ?? ''))} •••• ${escapeHtml(paymentMethod.card?.last4 ?? '')} (3-D Secure)`
        : `${paymentMethod.type.toUpperCase()} (Bank-Weiterleitung)`;
    sendHtml(
      res,
      200,
      page(
        'Zahlung bestätigen',
        `<p class="note">Lokale Stripe-Testumgebung: Hier würde deine Bank nach einer Bestätigung fragen.</p>
        <dl><dt>Betrag</dt><dd>${escapeHtml(formatEuro(intent.amount))}</dd><dt>Zahlungsart</dt><dd>${method_}</dd><dt>Zahlung</dt><dd><code>${escapeHtml(intent.id)}</code></dd></dl>
        <form method="post" action="/__authorize/${encodeURIComponent(intent.id)}">
          <input type="hidden" name="token" value="${escapeHtml(token ?? '')}">
          <button type="submit" name="decision" value="approve" class="primary">Authorisieren</button>
          <button type="submit" name="decision" value="decline">Ablehnen</button>
        </form>`,
      ),
    );
  }

  function onboardingPage(method: string, path: string, target: URL, body: Buffer, res: ServerResponse): void {
    const accountId = decodeURIComponent(path.slice('/__onboarding/'.length));
    if (method === 'POST') {
      const token = new URLSearchParams(body.toString('utf8')).get('token') ?? '';
      const pending = model.onboarding(token);
      if (!pending || pending.account !== accountId)
        return sendHtml(res, 404, page('Link ungültig', '<p>Dieser Onboarding-Link ist nicht mehr gültig.</p>'));
      const next = model.completeOnboarding(token);
      scheduleSave();
      res.writeHead(303, { location: next });
      res.end();
      return;
    }
    const token = target.searchParams.get('token') ?? '';
    const pending = model.onboarding(token);
    if (!pending || pending.account !== accountId)
      return sendHtml(res, 404, page('Link ungültig', '<p>Dieser Onboarding-Link ist nicht mehr gültig.</p>'));
    if (pending.expired) {
      res.writeHead(303, { location: pending.refresh_url });
      res.end();
      return;
    }
    const account = model.retrieveAccount(accountId);
    const bank = account.external_accounts?.data[0];
    const company = account.company?.name ?? account.business_profile?.name ?? null;
    sendHtml(
      res,
      200,
      page(
        'Auszahlungskonto einrichten',
        `<p class="note">Lokale Stripe-Testumgebung: Hier würde Stripe Firmendaten, Ausweis und Bankkonto abfragen.</p>
        <dl><dt>Firma</dt><dd data-testid="onboarding-company">${escapeHtml(company ?? '—')}</dd><dt>E-Mail</dt><dd>${escapeHtml(account.email ?? '—')}</dd><dt>Bankkonto</dt><dd>${bank ? `IBAN •••• ${escapeHtml(bank.last4)}` : '—'}</dd><dt>Konto</dt><dd><code>${escapeHtml(accountId)}</code></dd></dl>
        <form method="post" action="/__onboarding/${encodeURIComponent(accountId)}">
          <input type="hidden" name="token" value="${escapeHtml(token)}">
          <button type="submit" class="primary">Abschließen</button>
        </form>`,
      ),
    );
  }

  function indexPage(): string {
    const recent = [...model.state.events].reverse().slice(0, 50);
    const rows = recent
      .map((event) => {
        const tries = deliveries.filter((d) => d.event_id === event.id);
        const last = tries.at(-1);
        const object = event.data.object as { id?: string };
        return `<tr><td>${new Date(event.created * 1000).toLocaleTimeString('de-AT')}</td><td>${escapeHtml(event.type)}</td><td><code>${escapeHtml(object.id ?? '')}</code></td><td>${
          last
            ? `${last.ok ? '✓' : '✗'} ${last.status || escapeHtml(last.error ?? '')} (${tries.length}×)`
            : subscribed(event.type) && opts.webhookUrl
              ? 'ausstehend'
              : '—'
        }</td></tr>`;
      })
      .join('');
    const cards = TEST_CARDS.map(
      (c) =>
        `<tr><td><code>${c.number}</code></td><td><code>${c.token}</code></td><td>${escapeHtml(c.label)}</td></tr>`,
    ).join('');
    return page(
      'Stripe (lokal)',
      `<p>Diese lokale Stripe-Testumgebung spricht den Teil der Stripe-API, den Gutscheinmarkt nutzt, und schickt signierte Webhooks an <code>${escapeHtml(opts.webhookUrl ?? '(keinen Empfänger)')}</code>.</p>
      <h2>Testkarten</h2><p>Ablaufdatum in der Zukunft, beliebige dreistellige Prüfnummer.</p>
      <table><thead><tr><th>Nummer</th><th>Token</th><th>Ergebnis</th></tr></thead><tbody>${cards}</tbody></table>
      <h2>Letzte Ereignisse</h2>
      <table><thead><tr><th>Zeit</th><th>Typ</th><th>Objekt</th><th>Webhook</th></tr></thead><tbody>${rows || '<tr><td colspan="4">Noch keine Daten vorhanden.</td></tr>'}</tbody></table>`,
    );
  }

  // --- test-only API ----------------------------------------------------------------------------
  async function testApi(method: string, path: string, target: URL, body: Buffer, res: ServerResponse): Promise<void> {
    const input = parseTestBody(body);
    let m: RegExpExecArray | null;
    try {
      if (method === 'GET' && path === '/__test/events') {
        const type = target.searchParams.get('type');
        const object = target.searchParams.get('object');
        const data = [...model.state.events].reverse().filter((e) => {
          const o = e.data.object as { id?: string; payment_intent?: string };
          return (!type || e.type === type) && (!object || o.id === object || o.payment_intent === object);
        });
        return sendJson(res, 200, { data });
      }
      if (method === 'GET' && path === '/__test/deliveries') {
        const event = target.searchParams.get('event');
        return sendJson(res, 200, { data: deliveries.filter((d) => !event || d.event_id === event) });
      }
      if (method === 'POST' && (m = /^\/__test\/events\/([^/]+)\/redeliver$/.exec(path))) {
        const event = model.retrieveEvent(decodeURIComponent(m[1]!));
        if (!opts.webhookUrl)
          return sendJson(res, 409, {
            error: { type: 'invalid_request_error', message: 'No webhook endpoint configured.' },
          });
        const count = Math.min(Math.max(Number(input.count ?? 1) || 1, 1), 100);
        const results = await Promise.all(
          Array.from({ length: count }, () => deliver(structuredClone(event), 1, 'redelivery')),
        );
        return sendJson(res, 200, { statuses: results.map((d) => d.status) });
      }
      if (method === 'POST' && (m = /^\/__test\/accounts\/([^/]+)$/.exec(path))) {
        const flag = (name: string) =>
          input[name] === undefined ? undefined : input[name] === true || input[name] === 'true';
        const account = model.setAccountStatus(decodeURIComponent(m[1]!), {
          payouts_enabled: flag('payouts_enabled'),
          charges_enabled: flag('charges_enabled'),
          details_submitted: flag('details_submitted'),
        });
        scheduleSave();
        return sendJson(res, 200, account);
      }
      if (method === 'POST' && (path === '/__test/hold' || path === '/__test/release')) {
        const object = String(input.object ?? '');
        if (!object)
          return sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'object is required' } });
        if (path === '/__test/hold') held.add(object);
        else held.delete(object);
        return sendJson(res, 200, { held: [...held] });
      }
      if (method === 'POST' && path === '/__test/refund-failures') {
        // `{payment_intent, code?, message?}` makes its refunds fail until `{payment_intent, clear: true}`.
        const pi = String(input.payment_intent ?? '');
        if (!pi)
          return sendJson(res, 400, {
            error: { type: 'invalid_request_error', message: 'payment_intent is required' },
          });
        if (input.clear === true || input.clear === 'true') refundFailures.delete(pi);
        else
          refundFailures.set(pi, {
            code: String(input.code ?? 'charge_disputed'),
            message: typeof input.message === 'string' ? input.message : undefined,
          });
        return sendJson(res, 200, { failing: [...refundFailures.keys()] });
      }
      if (method === 'POST' && path === '/__test/balance') {
        const balance = model.adjustBalance(Math.trunc(Number(input.amount ?? 0)) || 0);
        scheduleSave();
        return sendJson(res, 200, balance);
      }
      if (method === 'POST' && path === '/__test/idle') {
        await idle(Number(input.timeout_ms ?? 10_000));
        return sendJson(res, 200, { pending: 0 });
      }
    } catch (error) {
      if (error instanceof StripeApiError) return sendJson(res, error.statusCode, { error: error.body });
      if (error instanceof IdleTimeoutError)
        return sendJson(res, 504, { error: { type: 'api_error', message: error.message } });
      throw error;
    }
    sendJson(res, 404, {
      error: { type: 'invalid_request_error', message: `Unknown test endpoint ${method} ${path}` },
    });
  }

  function idle(timeoutMs = 10_000): Promise<void> {
    if (inFlight === 0 && timers.size === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new IdleTimeoutError(`Webhook deliveries still pending after ${timeoutMs} ms`)),
        timeoutMs,
      );
      idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  log(`listening on ${url}${opts.webhookUrl ? `, webhooks → ${opts.webhookUrl}` : ''}`);

  return {
    url,
    port,
    deliveries: () => deliveries.map((d) => ({ ...d })),
    events: () => structuredClone(model.state.events),
    idle,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      checkIdle();
      if (saveTimer) {
        clearTimeout(saveTimer);
        saveTimer = undefined;
      }
      await saving;
      await save().catch(() => undefined);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

class IdleTimeoutError extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1024 * 1024) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseTestBody(body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8').trim();
  if (!text) return {};
  if (text.startsWith('{')) return JSON.parse(text) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(text));
}

/** Parameter order does not matter for idempotency: objects are compared with sorted keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The browser (the web's local card form, like Stripe.js) may call it from local origins. */
function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!origin || !/^https?:\/\/(localhost|127\.0\.0\.1|([a-z0-9-]+\.)*localhost)(:\d+)?$/.test(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, DELETE',
    'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
    'access-control-expose-headers': 'request-id, idempotent-replayed',
    vary: 'origin',
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body, null, 2));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe (lokal)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 44rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin-top: 0; } h2 { font-size: 1.1rem; margin-top: 1.5rem; }
  .note { background: #fff8e1; border-left: 4px solid #f5a623; padding: .5rem .75rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; } dt { font-weight: 600; } dd { margin: 0; }
  form { display: flex; gap: .75rem; margin-top: 1.25rem; flex-wrap: wrap; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: 6px; border: 1px solid #8792a2; background: #fff; cursor: pointer; }
  button.primary { background: #635bff; border-color: #635bff; color: #fff; }
  button:focus-visible { outline: 3px solid #1d4f55; outline-offset: 2px; }
  table { border-collapse: collapse; width: 100%; font-size: .9rem; } th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #e3e8ee; }
  code { font-size: .85em; }
</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`;
}

/** A fresh webhook signing secret in Stripe's format (tests may prefer their own). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}
