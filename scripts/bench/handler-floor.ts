import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { routes } from '../../functions/src/routes.ts';
import { buildEvent, lambdaContext, matchRoute, type RouteLike } from '../dev/api-gateway-event.ts';
import { createTestAccount } from '../test/accounts.ts';
import { startLocalStack } from '../test/global-setup-int.ts';
import { issueOwnedVoucher } from '../test/owned-voucher.ts';
import { putVouchers, testVoucher } from '../test/test-vouchers.ts';
import { benchSellers, benchVouchers } from './bench-catalogue.ts';
import { formatValue, machineInfo, stopWithin, writeSectionReport, type Figure, type SectionResult } from './report.ts';
import { seedCatalogue } from './seed-catalogue.ts';
import { freshLike, replay, spy } from './replay.ts';
import { summarise, type LatencySummary } from './stats.ts';

/**
 * Handler vs its raw DynamoDB floor (issue 15, "Handler overhead … keep it"): for five routes, the
 * real handler — through the local API over HTTP, and the same handler module called directly with
 * the API Gateway event — against the DynamoDB Local calls that handler makes, issued raw with the
 * document client. The calls are recorded by spying the document client's `send` during one warm
 * request (command class, input, and which calls overlapped), then replayed in the same order and
 * grouping; ids the request created (a cart line, a redemption) are swapped for fresh ones in each
 * replay, so every replayed write does the same work as the original. Handler, direct call and replay
 * alternate request by request, so drift of the machine hits all three alike. Sequential (one
 * request in flight): the client shares the process with the local API, so concurrency would measure
 * queueing. Caches as deployed (catalogue 30 s, account status 60 s); the local capability check is
 * off (it exists only locally).
 */
export type HandlerFloorOptions = { quick?: boolean; samples?: number };

/** Issue 15: "a handler costs 1.1–1.45× the raw DynamoDB Local calls it makes (p50) … Keep it." */
export const HANDLER_RATIO_BUDGET = 1.5;
const WARMUP = 15;

type Case = {
  name: string;
  method: string;
  path: string;
  token?: string;
  body?: () => unknown;
  headers?: () => Record<string, string>;
  /** Ids this request created (from its answer): replaced by fresh ones in each raw replay. */
  created?: (answer: unknown) => string[];
};

type CaseResult = {
  route: string;
  calls: { command: string; wave: number }[];
  other_sdk_calls: string[];
  via_api: LatencySummary;
  handler_direct: LatencySummary;
  raw_floor: LatencySummary;
  ratio_p50_via_api: number;
  ratio_p50_direct: number;
  ratio_p95_direct: number;
};

/** A stuck stand-in must fail the section, not hang it. */
async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function measureCase(
  c: Case,
  ctx: {
    apiUrl: string;
    host: string;
    spy: ReturnType<typeof spy>;
    samples: number;
    otherCalls: { on: boolean; seen: string[] };
  },
): Promise<CaseResult> {
  const route = matchRoute(routes as readonly RouteLike[], c.method, c.path.split('?')[0]!);
  if (!route) throw new Error(`no route for ${c.method} ${c.path}`);
  const mod = (await import(
    pathToFileURL(new URL(`../../functions/src/handlers/${route.route.handler}.ts`, import.meta.url).pathname).href
  )) as { handler: (event: unknown, context: unknown) => Promise<{ statusCode?: number; body?: string }> };

  const request = () => {
    const body = c.body?.();
    const headers: Record<string, string> = {
      host: ctx.host,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
      ...c.headers?.(),
    };
    return { headers, body: body === undefined ? undefined : JSON.stringify(body) };
  };
  const viaApi = async () => {
    const { headers, body } = request();
    const started = performance.now();
    const response = await fetch(`${ctx.apiUrl}${c.path}`, {
      method: c.method,
      headers,
      body,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status >= 300) throw new Error(`${c.name}: ${response.status} ${text}`);
    return { ms, answer: JSON.parse(text) as unknown };
  };
  const direct = async () => {
    const { headers, body } = request();
    const started = performance.now();
    const event = buildEvent({
      method: c.method,
      url: `/api/v1/${c.path}`,
      headers,
      body: body === undefined ? undefined : Buffer.from(body),
      route: route.route,
      pathParameters: route.pathParameters,
    });
    const result = await mod.handler(event, lambdaContext(route.route.handler));
    const ms = performance.now() - started;
    if ((result.statusCode ?? 200) >= 300) throw new Error(`${c.name}: ${result.statusCode} ${result.body}`);
    return { ms, answer: (result.body ? JSON.parse(result.body) : undefined) as unknown };
  };

  for (let i = 0; i < WARMUP; i++) {
    await viaApi();
    await direct();
  }
  // One warm call of the handler with the document client spied: the calls the handler makes (called
  // directly, so nothing the local API does around a request is recorded).
  ctx.otherCalls.seen = [];
  ctx.otherCalls.on = true;
  const {
    result: { answer },
    calls,
  } = await ctx.spy.record(direct);
  ctx.otherCalls.on = false;
  const created = c.created?.(answer) ?? [];
  for (let i = 0; i < WARMUP; i++)
    await replay(
      ctx.spy.send,
      calls,
      created.map((id) => [id, freshLike(id)]),
    );

  const api: number[] = [];
  const handler: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < ctx.samples; i++) {
    if (i > 0 && i % 50 === 0) console.log(`[bench]   ${c.name}: ${i} of ${ctx.samples}`);
    api.push((await viaApi()).ms);
    handler.push((await direct()).ms);
    const swaps = created.map((id) => [id, freshLike(id)] as [string, string]);
    const started = performance.now();
    await withTimeout(replay(ctx.spy.send, calls, swaps), 60_000, `${c.name}: a raw replay`);
    raw.push(performance.now() - started);
  }
  const a = summarise(api);
  const h = summarise(handler);
  const r = summarise(raw);
  const ratio = (x: number, y: number) => (y > 0 ? Math.round((x / y) * 100) / 100 : Number.NaN);
  return {
    route: `${c.method} ${route.route.path}`,
    calls: calls.map(({ command, wave }) => ({ command, wave })),
    other_sdk_calls: ctx.otherCalls.seen,
    via_api: a,
    handler_direct: h,
    raw_floor: r,
    ratio_p50_via_api: ratio(a.p50, r.p50),
    ratio_p50_direct: ratio(h.p50, r.p50),
    ratio_p95_direct: ratio(h.p95, r.p95),
  };
}

function markdown(result: Awaited<ReturnType<typeof measure>>): string {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
  const rows = result.cases.map((c) => {
    const waves = new Set(c.calls.map((x) => x.wave)).size;
    const calls = c.calls.length ? `${c.calls.length} in ${waves} round trip${waves === 1 ? '' : 's'}` : 'none';
    const none = c.calls.length === 0;
    const ratios = none
      ? '– (no floor) | –'
      : `**${f(c.ratio_p50_direct)}×** / ${f(c.ratio_p95_direct)}× | ${f(c.ratio_p50_via_api)}×`;
    return `| ${c.name} | ${calls} | ${none ? '–' : `${f(c.raw_floor.p50)} / ${f(c.raw_floor.p95)}`} | ${f(c.handler_direct.p50)} / ${f(c.handler_direct.p95)} | ${f(c.via_api.p50)} / ${f(c.via_api.p95)} | ${ratios} |`;
  });
  const callLists = result.cases.map(
    (c) =>
      `- ${c.name} (\`${c.route}\`): ${c.calls.map((x) => `${x.command.replace(/Command$/, '')}${c.calls.filter((y) => y.wave === x.wave).length > 1 ? ` (w${x.wave + 1})` : ''}`).join(' → ') || 'no DynamoDB call'}${c.other_sdk_calls.length ? `; other SDK calls: ${c.other_sdk_calls.join(', ')}` : ''}`,
  );
  return `## Handler vs raw DynamoDB floor

Measured by scripts/bench/handler-floor.ts on ${result.date}: ${result.samples} requests per route after ${WARMUP} warm-up requests, one at a time; the handler through the local API (HTTP → payload 2.0 event → handler), the same handler module called directly with the event, and the DynamoDB Local calls the handler made, recorded from the document client during one warm call of the handler and replayed raw (same order, overlapping calls together, fresh ids for what the request created). Caches as deployed; DynamoDB Local in memory.
Budget (issue 15: 1.1–1.45× measured before, "keep it"): handler p50 ≤ ${HANDLER_RATIO_BUDGET}× its raw floor.

| route | DynamoDB calls | raw floor p50 / p95 (ms) | handler p50 / p95 (ms) | via local API p50 / p95 (ms) | handler ÷ floor p50 / p95 | via API ÷ floor p50 |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Calls per request (w = calls sent together):

${callLists.join('\n')}

The local API adds one HTTP round trip and the event's translation (about ${f(median(result.cases.map((c) => c.via_api.p50 - c.handler_direct.p50)))} ms here); on AWS, API Gateway's own latency takes its place. A search served from the warm in-memory catalogue makes no DynamoDB call: its floor is then zero and the ratio is not defined (the handler's time is the search itself, see the search section).
`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const SNAPSHOT_BUILDER = new URL('../../functions/src/services/catalogue/build-search-snapshot.ts', import.meta.url);
const SNAPSHOT_WORKER = new URL('../../functions/src/workers/search-snapshot.ts', import.meta.url);

/** Builds the search snapshot of the seeded catalogue when the product has one (a no-op before issue 15's search). */
async function buildSearchSnapshotIfAny(): Promise<void> {
  if (!existsSync(fileURLToPath(SNAPSHOT_BUILDER))) return;
  const [{ buildSearchSnapshot }, { searchSnapshotDeps }] = (await Promise.all([
    import(SNAPSHOT_BUILDER.href),
    import(SNAPSHOT_WORKER.href),
  ])) as [{ buildSearchSnapshot: (deps: unknown) => Promise<unknown> }, { searchSnapshotDeps: () => unknown }];
  await buildSearchSnapshot(searchSnapshotDeps());
}

async function measure(opts: HandlerFloorOptions) {
  const samples = opts.samples ?? Number(process.env.BENCH_FLOOR_SAMPLES ?? (opts.quick ? 30 : 100));
  process.env.GM_CAPABILITIES = 'off';
  // Where the catalogue is served from a search snapshot (issue 15), the local API's dev-time rebuild
  // before each search stays off: the snapshot is built once after seeding, as the stream consumer would.
  process.env.GM_SEARCH_SNAPSHOT_SYNC = 'off';
  console.log('[bench] handler floor: starting the local cloud and the local API…');
  const stack = await startLocalStack();
  try {
    // Caches as deployed (the test stack turns them off).
    delete process.env.CATALOGUE_CACHE_SECONDS;
    delete process.env.USER_STATUS_CACHE_SECONDS;
    const [{ resetEnvCache }, { documentClient }, { setSdkCallObserver }] = await Promise.all([
      import('../../functions/src/lib/env.ts'),
      import('../../functions/src/lib/clients.ts'),
      import('../../functions/src/lib/sdk-call-observer.ts'),
    ]);
    resetEnvCache();
    const otherCalls = { on: false, seen: [] as string[] };
    setSdkCallObserver((call) => {
      if (otherCalls.on && call.service !== 'dynamodb') otherCalls.seen.push(`${call.service} ${call.command}`);
    });

    const now = new Date();
    const catalogueSize = opts.quick ? 500 : 2_000;
    await seedCatalogue(benchVouchers(catalogueSize, benchSellers(50), now));
    await buildSearchSnapshotIfAny();
    const seller = await createTestAccount('seller');
    const scanner = await createTestAccount('scanner', { seller_id: seller.userId, is_active: true });
    const buyer = await createTestAccount('user');
    const voucher = testVoucher(`bench-floor-${randomUUID()}`, seller.userId, { qty_max: 10 });
    await putVouchers(voucher);
    // A wallet of 12 vouchers; one with a balance that lasts every redemption of the run.
    for (let i = 0; i < 11; i++) await issueOwnedVoucher(buyer.userId);
    const balance = 100 * (samples * 2 + 4 * WARMUP + 10) + 1_000_000;
    const redeemable = await issueOwnedVoucher(buyer.userId, {
      seller_id: seller.userId,
      type: 'value',
      value: balance,
      remaining_value: balance,
      valid_until: '2099-12-31',
    });

    const db = documentClient();
    const dbSpy = spy(db);
    const ctx = { apiUrl: stack.api.url, host: new URL(stack.api.url).host, spy: dbSpy, samples, otherCalls };
    const cases: (Case & { label: string })[] = [
      {
        label: 'search',
        name: 'search (keyword)',
        method: 'POST',
        path: 'voucher/search',
        body: () => ({ keyword: 'massage', paginate: 9 }),
      },
      { label: 'voucher-detail', name: 'voucher detail', method: 'GET', path: `voucher/${voucher.id}` },
      {
        label: 'cart-add',
        name: 'cart add',
        method: 'POST',
        path: 'order',
        token: buyer.token,
        body: () => ({ voucher_id: voucher.id, qty: 1 }),
        created: (answer) => [(answer as { data: { id: string } }).data.id],
      },
      {
        label: 'redemption',
        name: 'redemption',
        method: 'POST',
        path: 'redemption',
        token: scanner.token,
        body: () => ({ order_id: redeemable.id, value: 100 }),
        headers: () => ({ [IDEMPOTENCY_KEY_HEADER]: randomUUID() }),
        created: (answer) => {
          const data = (answer as { data: { id: string; redemption_no: string } }).data;
          return [data.id];
        },
      },
      {
        label: 'wallet-list',
        name: 'wallet list',
        method: 'POST',
        path: 'user-voucher/search/user-vouchers',
        token: buyer.token,
        body: () => ({ page: 1, paginate: 9 }),
      },
    ];
    const results: (CaseResult & { name: string })[] = [];
    for (const c of cases) {
      console.log(`[bench] handler floor: ${c.name}…`);
      const r = await measureCase(c, ctx);
      results.push({ name: c.name, ...r });
      console.log(
        `[bench]   floor p50 ${r.raw_floor.p50.toFixed(2)} ms (${r.calls.length} calls), handler p50 ${r.handler_direct.p50.toFixed(2)} ms, via API ${r.via_api.p50.toFixed(2)} ms → ${r.ratio_p50_direct}×`,
      );
    }
    setSdkCallObserver(undefined);
    return {
      date: now.toISOString(),
      samples,
      catalogue_vouchers: catalogueSize,
      budget_ratio_p50: HANDLER_RATIO_BUDGET,
      cases: results,
      machine: machineInfo(),
    };
  } finally {
    await stopWithin(stack, 20_000);
  }
}

export async function measureHandlerFloor(opts: HandlerFloorOptions = {}): Promise<SectionResult> {
  const result = await measure(opts);
  const figures: Figure[] = result.cases.map((c) => {
    const defined = Number.isFinite(c.ratio_p50_direct) && c.calls.length > 0;
    return {
      name: `handler ÷ raw DynamoDB floor (p50), ${c.name}`,
      value: defined
        ? c.ratio_p50_direct
        : `no DynamoDB call (handler p50 ${formatValue({ value: c.handler_direct.p50, unit: 'ms' })})`,
      unit: defined ? '×' : undefined,
      budget: defined ? `≤ ${HANDLER_RATIO_BUDGET}×` : undefined,
      pass: defined ? c.ratio_p50_direct <= HANDLER_RATIO_BUDGET : undefined,
    };
  });
  return { json: result, markdown: markdown(result), figures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeSectionReport(
    'bench-handler-floor',
    await measureHandlerFloor({ quick: process.argv.includes('--quick') }),
  );
}
