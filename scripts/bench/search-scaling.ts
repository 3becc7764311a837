import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { DEMO_CATEGORIES } from '../dev/demo-data.ts';
import { startLocalStack } from '../test/global-setup-int.ts';
import { benchSellers, benchVouchers, type BenchSeller } from './bench-catalogue.ts';
import { searchCaller } from './search-call.ts';
import { runPool, seededRandom, summarise, type LatencySummary } from './stats.ts';

/**
 * Search at scale (issue 15): for each catalogue size, the snapshot build (projection read, encode,
 * gzip, store) and its size; then the real `catalogue/search-vouchers` handler, called in this
 * process as Lambda would (one request at a time): warm p50/p95 over the query mix of run.ts; a
 * cold request in a fresh Node process (import the handler, then one search: pointer GetItem,
 * snapshot GET from S3, gunzip, decode, answer; median of a few); the heap after that request.
 *
 * Alone: `tsx scripts/bench/search-scaling.ts [sizes…]` (default 1000 10000 50000 100000), prints the markdown.
 */
export type SearchScalingOptions = { sizes?: number[]; requests?: number; coldRuns?: number };

export const SEARCH_SCALING_BUDGETS: Record<number, { warm_p95_ms: number; cold_ms: number; heap_mb: number }> = {
  10_000: { warm_p95_ms: 20, cold_ms: 300, heap_mb: 64 },
  50_000: { warm_p95_ms: 30, cold_ms: 800, heap_mb: 160 },
  100_000: { warm_p95_ms: 50, cold_ms: 1500, heap_mb: 300 },
};
const SELLERS = 200;
const COLD_CHILD = fileURLToPath(new URL('./search-scaling-cold.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url));

type Kind = 'keyword' | 'category + price' | 'lowest price' | 'page 5' | 'seller';

/** The query mix of run.ts (same seed, same kinds). */
export function searchQueryMix(count: number, sellers: readonly BenchSeller[]) {
  const random = seededRandom(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const keywords = [
    'massage',
    'kräuter',
    'kochkurs',
    'yoga',
    'alpaka',
    'sauna',
    'töpfern',
    'oetztal',
    'für zwei',
    'genuss',
  ];
  const slugs = DEMO_CATEGORIES.map((c) => c.name.toLowerCase());
  const make: Record<Kind, () => Record<string, unknown>> = {
    keyword: () => ({ keyword: pick(keywords) }),
    'category + price': () => {
      const from = 500 * Math.floor(random() * 20);
      return {
        isCategory: pick(slugs),
        isPrice: { from, to: from + 500 * (4 + Math.floor(random() * 20)) },
        targets: random() < 0.5 ? [pick(['Paare', 'Freunde', 'Kinder'])] : undefined,
      };
    },
    'lowest price': () => ({ isLowestPrice: true, isRegion: 1 + Math.floor(random() * 4) }),
    'page 5': () => ({ isNewest: true, page: 5 }),
    seller: () => ({ seller_id: pick(sellers).id, isMostPopular: true }),
  };
  const kinds = Object.keys(make) as Kind[];
  return Array.from({ length: count }, (_, i) => {
    const kind = kinds[i % kinds.length] as Kind;
    return { kind, body: { paginate: 9, ...make[kind]() } };
  });
}

/** Only the catalogue items (what the snapshot reads), 25 per BatchWrite, 16 in flight. */
async function seedCatalogue(vouchers: readonly Voucher[]): Promise<number> {
  const [{ documentClient }, { env }, { catalogueEntryOf, voucherKeys }] = await Promise.all([
    import('../../functions/src/lib/clients.ts'),
    import('../../functions/src/lib/env.ts'),
    import('../../functions/src/repositories/voucher-repository.ts'),
  ]);
  const db = documentClient();
  const table = env().TABLE_NAME;
  const items = vouchers.map((v) => ({
    ...voucherKeys.catalogue(v.id),
    entity: 'CatalogueEntry',
    ...catalogueEntryOf(v),
  }));
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  const started = performance.now();
  await runPool(batches, 16, async (batch) => {
    let pending: Record<string, unknown>[] = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB Local keeps leaving items unprocessed');
      const out = await db.send(
        new BatchWriteCommand({ RequestItems: { [table]: pending.map((Item) => ({ PutRequest: { Item } })) } }),
      );
      pending = (out.UnprocessedItems?.[table] ?? []).map((r) => r.PutRequest?.Item as Record<string, unknown>);
      if (pending.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  });
  return performance.now() - started;
}

type ColdRun = {
  init_ms: number;
  first_request_ms: number;
  snapshot_load_ms: number;
  total: number;
  heap_used_mb: number;
  array_buffers_mb: number;
  rss_mb: number;
};

async function coldRun(body: Record<string, unknown>): Promise<ColdRun> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', pathToFileURL(TSX).href, COLD_CHILD, JSON.stringify(body)],
    { env: { ...process.env, CATALOGUE_CACHE_SECONDS: '5' }, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as ColdRun;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

type SizeResult = {
  vouchers: number;
  listed: number;
  seed_seconds: number;
  snapshot: { read_ms: unknown; build_total_ms: unknown; bytes: number; raw_bytes: number };
  warm: { overall: LatencySummary; by_kind: Record<string, LatencySummary>; empty_results: number };
  cold: {
    cold_median_ms: number;
    first_request_median_ms: number;
    init_median_ms: number;
    snapshot_load_median_ms: number;
    runs: ColdRun[];
  };
  heap_used_mb: number;
  array_buffers_mb: number;
  budget: { warm_p95_ms: number; cold_ms: number; heap_mb: number } | null;
  met: { warm: boolean; cold: boolean; heap: boolean } | null;
};
type ScalingJson = { date: string; requests_per_size: number; cold_runs: number; sizes: SizeResult[] };

export async function measureSearchScaling(
  opts: SearchScalingOptions = {},
): Promise<{ json: ScalingJson; markdown: string }> {
  const sizes = [...(opts.sizes ?? [1000, 10_000, 50_000, 100_000])].sort((a, b) => a - b);
  const requests = opts.requests ?? 250;
  const coldRuns = opts.coldRuns ?? 3;
  // The handler is called directly; the local API's per-request snapshot sync stays off.
  process.env.GM_SEARCH_SNAPSHOT_SYNC = 'off';
  // The benchmark builds and times the snapshot itself: the stream stand-in's worker would race it.
  process.env.GM_STREAM_CONSUMERS_OFF = 'search-snapshot';
  const stack = await startLocalStack();
  try {
    // As deployed: the pointer is checked every 5 s (tests check it on every request).
    process.env.CATALOGUE_CACHE_SECONDS = '5';
    (await import('../../functions/src/lib/env.ts')).resetEnvCache();
    const [{ buildSearchSnapshot }, { searchSnapshotDeps }, deps, { handler }, { routes }] = await Promise.all([
      import('../../functions/src/services/catalogue/build-search-snapshot.ts'),
      import('../../functions/src/workers/search-snapshot.ts'),
      import('../../functions/src/lib/deps.ts'),
      import('../../functions/src/handlers/catalogue/search-vouchers.ts'),
      import('../../functions/src/routes.ts'),
    ]);
    await seedCategories();
    const route = routes.find((r) => r.method === 'POST' && r.path === 'voucher/search')!;
    const sellers = benchSellers(SELLERS);
    const all = benchVouchers(sizes[sizes.length - 1] ?? 0, sellers, new Date('2026-11-26T12:00:00Z'));
    const search = searchCaller(handler, route);
    const call = async (body: Record<string, unknown>) => {
      const { ms, page } = await search(body);
      return { ms, total: page.total };
    };

    const results: SizeResult[] = [];
    let seeded = 0;
    for (const size of sizes) {
      console.error(`[search-scaling] ${size} vouchers: seeding…`);
      const seedMs = await seedCatalogue(all.slice(seeded, size));
      seeded = size;
      const fields: Record<string, unknown> = {};
      const builderDeps = {
        ...searchSnapshotDeps(),
        log: {
          info: (_m: string, f?: Record<string, unknown>) => Object.assign(fields, f),
          warn: () => undefined,
          error: () => undefined,
        },
      };
      console.error(`[search-scaling] ${size}: building the snapshot…`);
      const pointer = await buildSearchSnapshot(builderDeps);
      if (!pointer) throw new Error('the snapshot was not built');

      deps.catalogue().invalidate();
      await deps.catalogue().index();
      const mix = searchQueryMix(requests, sellers);
      for (const q of searchQueryMix(20, sellers)) await call(q.body);
      console.error(`[search-scaling] ${size}: ${requests} warm requests…`);
      const samples: { kind: string; ms: number; total: number }[] = [];
      for (const q of mix) samples.push({ kind: q.kind, ...(await call(q.body)) });
      const byKind: Record<string, LatencySummary> = {};
      for (const kind of new Set(samples.map((s) => s.kind)))
        byKind[kind] = summarise(samples.filter((s) => s.kind === kind).map((s) => s.ms));

      console.error(`[search-scaling] ${size}: ${coldRuns} cold processes…`);
      const cold: ColdRun[] = [];
      for (let i = 0; i < coldRuns; i++) cold.push(await coldRun({ keyword: 'massage', paginate: 9 }));
      const budget = SEARCH_SCALING_BUDGETS[size];
      const warm = summarise(samples.map((s) => s.ms));
      // A cold request: the snapshot's load (pointer, GET, gunzip, decode; the handler does it during init) plus
      // the first request. The SDK clients' first use is in init_ms with the module import.
      const coldMs = median(cold.map((c) => c.snapshot_load_ms + c.first_request_ms));
      const heap = median(cold.map((c) => c.heap_used_mb));
      results.push({
        vouchers: size,
        listed: all.slice(0, size).filter((v) => v.is_active && v.display !== 'direktverkauf').length,
        seed_seconds: round(seedMs / 1000),
        snapshot: {
          read_ms: fields.read_ms,
          build_total_ms: fields.total_ms,
          bytes: pointer.bytes,
          raw_bytes: pointer.raw_bytes,
        },
        warm: { overall: warm, by_kind: byKind, empty_results: samples.filter((s) => s.total === 0).length },
        cold: {
          cold_median_ms: round(coldMs),
          first_request_median_ms: round(median(cold.map((c) => c.first_request_ms))),
          init_median_ms: round(median(cold.map((c) => c.init_ms))),
          snapshot_load_median_ms: round(median(cold.map((c) => c.snapshot_load_ms))),
          runs: cold,
        },
        heap_used_mb: heap,
        array_buffers_mb: median(cold.map((c) => c.array_buffers_mb)),
        budget: budget ?? null,
        met: budget
          ? { warm: warm.p95 <= budget.warm_p95_ms, cold: coldMs <= budget.cold_ms, heap: heap <= budget.heap_mb }
          : null,
      });
    }
    const json = { date: new Date().toISOString(), requests_per_size: requests, cold_runs: coldRuns, sizes: results };
    return { json, markdown: markdownOf(json) };
  } finally {
    await stack.stop();
  }
}

async function seedCategories() {
  const [{ documentClient }, { env }, { createCategoryRepository }, { buildCategories }] = await Promise.all([
    import('../../functions/src/lib/clients.ts'),
    import('../../functions/src/lib/env.ts'),
    import('../../functions/src/repositories/category-repository.ts'),
    import('../dev/demo-data.ts'),
  ]);
  const tree = buildCategories((key) => `/media/${key}`);
  await createCategoryRepository(documentClient(), env().TABLE_NAME).putMany(tree.categories, tree.subcategories);
}

function markdownOf(json: {
  date: string;
  requests_per_size: number;
  cold_runs: number;
  sizes: Awaited<ReturnType<typeof measureSearchScaling>>['json']['sizes'];
}): string {
  const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
  const mark = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? ' ✓' : ' ✗');
  const rows = json.sizes.map((s) => {
    const b = s.budget;
    return `| ${s.vouchers.toLocaleString('en')} | ${String(s.snapshot.build_total_ms)} ms (read ${String(s.snapshot.read_ms)}) | ${mb(s.snapshot.bytes)} / ${mb(s.snapshot.raw_bytes)} MB | ${s.warm.overall.p50.toFixed(2)} | ${s.warm.overall.p95.toFixed(2)}${b ? ` (≤ ${b.warm_p95_ms})` : ''}${mark(s.met?.warm)} | ${s.cold.cold_median_ms} ms${b ? ` (≤ ${b.cold_ms})` : ''}${mark(s.met?.cold)} | ${s.cold.snapshot_load_median_ms} + ${s.cold.first_request_median_ms} ms | ${s.cold.init_median_ms} ms | ${s.heap_used_mb} MB${b ? ` (≤ ${b.heap_mb})` : ''}${mark(s.met?.heap)} | ${s.array_buffers_mb} MB |`;
  });
  return `## Search at scale

Measured ${json.date}. The search snapshot (docs/architecture.md, "Catalogue search") built from the seeded catalogue projection on DynamoDB Local, stored gzipped in s3rver; then the real \`catalogue/search-vouchers\` handler, called in-process one request at a time (as a Lambda container serves): ${json.requests_per_size} warm requests per size over the query mix of run.ts (keyword, category + price, lowest price in a region, newest page 5, one seller by popularity; 9 per page). Cold: a fresh Node process imports the handler, which checks the pointer and loads the snapshot during init (the pointer GetItem, the snapshot's GET, gunzip, decode), and answers one keyword search; the snapshot load is then timed once more with the SDK clients warm. "Cold request" = that load + the first request (median of ${json.cold_runs}); the init column also holds tsx's transpiling of the TypeScript sources and the SDK clients' first use, which the bundle figures measure for real. Heap: \`heapUsed\` of that process after the request and a GC; the decoded snapshot's buffer is outside the heap (array buffers column).

| vouchers | snapshot build | size gzip / raw | warm p50 ms | warm p95 ms | cold request | = snapshot load + first request | init (import, SDK first use, load) | heap used | array buffers |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = process.argv.slice(2).map(Number).filter(Boolean);
  const started = performance.now();
  const { json, markdown } = await measureSearchScaling(sizes.length ? { sizes } : {});
  console.log(markdown);
  console.error(JSON.stringify(json.sizes.map((s) => ({ vouchers: s.vouchers, met: s.met }))));
  console.error(`[search-scaling] done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
