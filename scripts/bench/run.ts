import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  REPORTS_DIR,
  ROOT_DIR,
  formatValue,
  gitCommit,
  machineInfo,
  verdict,
  type Figure,
  type SectionResult,
} from './report.ts';

/**
 * `npm run bench` (issue 15, "One report"): every figure of the issue side by side in one run →
 * reports/bench.md (summary table with budgets, then one section per topic) and reports/bench.json.
 *
 *   npm run bench                                  all sections, full size (≈ see docs/performance.md)
 *   npm run bench -- --quick                       smaller sizes everywhere (a smoke run of the benches)
 *   npm run bench -- --only search,redemptions     a subset (names: --list)
 *   npm run bench -- --strict                      exit 1 when a figure misses its budget
 *   npm run bench -- --out NAME                    reports/NAME.md/.json (default: bench for a full run,
 *                                                  bench-partial for --quick or --only, so a partial run
 *                                                  never overwrites the committed report)
 *
 * Each section is a module `scripts/bench/<topic>.ts` exporting `measure<Topic>(options)` → `{ json,
 * markdown, figures? }` (scripts/bench/report.ts), run in its own process by section-runner.ts. A
 * module that is missing (or exports no such function) leaves its section "not measured"; a section
 * that fails is reported as failed, and the others still run.
 */
type SectionDef = {
  key: string;
  title: string;
  /** Modules tried in order: the first file that exists and mentions the export is used. */
  candidates: { file: string; export: string }[];
  /** Minutes before the section is stopped. */
  timeoutMinutes: number;
  /** The options its module takes, for a full or a quick run (default `{ quick }`). */
  options?: (quick: boolean) => Record<string, unknown>;
  /** Summary rows from the section's json when the module answers no `figures` of its own. */
  figures?: (json: never) => Figure[];
  /**
   * Runs before the other sections (the report keeps its place): a figure of many short fresh processes
   * compared in pairs, which the heavy sections' after-effects on this 2-core machine (a seeded 100k
   * catalogue in the page cache, DynamoDB Local's JVM winding down) blur.
   */
  first?: true;
};

const SECTIONS: SectionDef[] = [
  {
    key: 'handler-floor',
    title: 'Handler vs raw DynamoDB floor',
    candidates: [{ file: 'handler-floor.ts', export: 'measureHandlerFloor' }],
    timeoutMinutes: 20,
  },
  {
    key: 'search',
    title: 'Search at scale',
    candidates: [{ file: 'search-scaling.ts', export: 'measureSearchScaling' }],
    timeoutMinutes: 45,
    // All four sizes of the issue; seeding and reading 100k on DynamoDB Local takes a few minutes here.
    options: (quick) =>
      quick
        ? { quick, sizes: [1_000, 10_000], requests: 100, coldRuns: 2 }
        : { quick, sizes: process.env.BENCH_SEARCH_SIZES?.split(',').map(Number) ?? [1_000, 10_000, 50_000, 100_000] },
    figures: searchScalingFigures,
  },
  {
    key: 'search-freshness',
    title: 'Search freshness',
    candidates: [{ file: 'search-freshness.ts', export: 'measureSearchFreshness' }],
    timeoutMinutes: 10,
    options: (quick) => (quick ? { quick, changes: 2 } : { quick, vouchers: 1000, changes: 5 }),
    figures: freshnessFigures,
  },
  {
    key: 'redemptions',
    title: 'Redemptions under load',
    candidates: [{ file: 'redemptions.ts', export: 'measureRedemptions' }],
    timeoutMinutes: 20,
  },
  {
    key: 'aggregator',
    title: 'Aggregates off the write path',
    candidates: [{ file: 'aggregator.ts', export: 'measureAggregator' }],
    timeoutMinutes: 20,
    options: (quick) => (quick ? { quick, sales: 10 } : { quick }),
    figures: aggregatorFigures,
  },
  {
    key: 'bundles',
    title: 'Lambda bundles',
    candidates: [{ file: 'bundles.ts', export: 'measureBundles' }],
    timeoutMinutes: 30,
    // Sizes and cold imports of every bundle (10 fresh processes each, one at a time: ≈ 6 min here); --quick samples 20.
    options: (quick) => (quick ? { quick, runs: 3, sample: 20 } : { quick, runs: 10 }),
    figures: bundleFigures,
    first: true,
  },
  {
    key: 'web',
    title: 'Web first load and Lighthouse',
    candidates: [
      { file: 'web.ts', export: 'measureWeb' },
      { file: 'bench-web.ts', export: 'measureWeb' },
    ],
    timeoutMinutes: 30,
    options: (quick) => (quick ? { quick, lighthouseRuns: 1, roles: false } : { quick }),
    figures: webFigures,
  },
  {
    key: 'voucher-pdf',
    title: 'Voucher PDF',
    candidates: [{ file: 'bench-voucher-pdf.ts', export: 'measureVoucherPdfSection' }],
    timeoutMinutes: 5,
  },
  {
    key: 'exports',
    title: 'Invoice export (500 invoices)',
    candidates: [{ file: 'bench-exports.ts', export: 'measureExports' }],
    timeoutMinutes: 15,
  },
];

/*
 * Summary rows for the sections whose modules answer only `{ json, markdown }`, read from their json
 * (shapes of scripts/bench/search-scaling.ts, aggregator.ts, bundles.ts and web.ts). A shape that
 * does not match gives no rows: the section then gets one row pointing at it.
 */
type Budgeted = { warm_p95_ms: number; cold_ms: number; heap_mb: number };
type ScalingJson = {
  sizes?: {
    vouchers: number;
    warm: { overall: { p95: number } };
    cold: { cold_median_ms: number };
    heap_used_mb: number;
    budget: Budgeted | null;
    met: { warm: boolean; cold: boolean; heap: boolean } | null;
  }[];
};

function searchScalingFigures(json: ScalingJson): Figure[] {
  return (json.sizes ?? []).flatMap((s) => {
    const at = `${s.vouchers.toLocaleString('en')} vouchers`;
    return [
      {
        name: `search warm p95 (handler), ${at}`,
        value: s.warm.overall.p95,
        unit: 'ms',
        budget: s.budget ? `≤ ${s.budget.warm_p95_ms} ms` : undefined,
        pass: s.met?.warm,
      },
      {
        name: `search cold request (snapshot load + first request, median), ${at}`,
        value: s.cold.cold_median_ms,
        unit: 'ms',
        budget: s.budget ? `≤ ${s.budget.cold_ms} ms` : undefined,
        pass: s.met?.cold,
      },
      {
        name: `search heap, ${at}`,
        value: s.heap_used_mb,
        unit: 'MB',
        budget: s.budget ? `≤ ${s.budget.heap_mb} MB` : undefined,
        pass: s.met?.heap,
      },
    ];
  });
}

type AggregatorJson = {
  sales?: number;
  lag?: { p50: number; p95: number; max: number };
  budget_ms?: number;
  met?: boolean;
};

function aggregatorFigures(json: AggregatorJson): Figure[] {
  if (!json.lag) return [];
  return [
    {
      name: `aggregation lag, sale → seller dashboard (max of ${json.sales ?? '?'}; p50 ${json.lag.p50.toFixed(0)} ms)`,
      value: json.lag.max,
      unit: 'ms',
      budget: `≤ ${(json.budget_ms ?? 5000) / 1000} s locally`,
      pass: json.met,
    },
  ];
}

type FreshnessJson = { changes?: number; lag?: { p50: number; max: number }; budget_ms?: number; met?: boolean };

function freshnessFigures(json: FreshnessJson): Figure[] {
  if (!json.lag) return [];
  return [
    {
      name: `catalogue change → searchable (max of ${json.changes ?? '?'}; p50 ${(json.lag.p50 / 1000).toFixed(1)} s)`,
      value: Math.round(json.lag.max / 100) / 10,
      unit: 's',
      budget: `≤ ${(json.budget_ms ?? 60_000) / 1000} s`,
      pass: json.met,
    },
  ];
}

type BundlesJson = {
  summary?: {
    bundles: number;
    over_byte_budget: number;
    median_beyond_sdk_bytes: number;
    max_beyond_sdk: { name: string; bytes: number };
    with_stripe: number;
    with_pdf_lib: number;
    cold_import_measured: number;
    median_ratio: number | null;
    worst_ratio: { name: string; ratio: number } | null;
    over_ratio_budget: number;
    over_ratio_routes?: string[];
    init_loads_data?: string[];
    ratio_budget: number;
  };
};

function bundleFigures(json: BundlesJson): Figure[] {
  const s = json.summary;
  if (!s) return [];
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    {
      name: `bundles over their size budget (code beyond the SDK; median ${kb(s.median_beyond_sdk_bytes)}, largest ${kb(s.max_beyond_sdk.bytes)} ${s.max_beyond_sdk.name})`,
      value: `${s.over_byte_budget} of ${s.bundles}`,
      budget: '0 (≤ 150 KB, ≤ 600 KB with Stripe or pdf-lib)',
      pass: s.over_byte_budget === 0,
    },
    { name: 'bundles with Stripe / with pdf-lib', value: `${s.with_stripe} / ${s.with_pdf_lib} of ${s.bundles}` },
    {
      name: `cold import ÷ bare SDK clients, median of ${s.cold_import_measured} bundles${s.worst_ratio ? ` (worst ${s.worst_ratio.ratio}× ${s.worst_ratio.name})` : ''}${s.over_ratio_budget ? `; over: ${(s.over_ratio_routes ?? []).join(', ')}` : ''}${s.init_loads_data?.length ? `; not judged, init loads the search snapshot: ${s.init_loads_data.join(', ')}` : ''}`,
      value: s.median_ratio ?? 'not measured',
      unit: s.median_ratio === null ? undefined : '×',
      budget: `≤ ${s.ratio_budget}× each`,
      pass: s.cold_import_measured > 0 ? s.over_ratio_budget === 0 : undefined,
    },
  ];
}

type WebJson = {
  budgetKib?: number;
  targets?: { performance: number; accessibility: number; cls: number; lcpMs: number; tbtMs: number };
  pages?: {
    page: string;
    guest: { jsGzipKib: number };
    shifts: { cls: number };
    lighthouse: {
      median: { performance: number; accessibility: number; lcpMs: number; tbtMs: number; cls: number | null };
    } | null;
  }[];
  roles?: { role: string; page: string; foreignAreas: string[] }[];
};

function webFigures(json: WebJson): Figure[] {
  const t = json.targets;
  if (!json.pages || !t) return [];
  const rows: Figure[] = [];
  for (const p of json.pages) {
    const js = p.guest.jsGzipKib;
    rows.push({
      name: `${p.page}: JS of a guest's first visit (gzip)`,
      value: js,
      unit: 'KiB',
      budget: `≤ ${json.budgetKib ?? 150} KiB`,
      pass: js <= (json.budgetKib ?? 150),
    });
    const lh = p.lighthouse?.median;
    if (!lh) continue;
    const cls = lh.cls ?? p.shifts.cls;
    rows.push(
      {
        name: `${p.page}: Lighthouse mobile performance`,
        value: lh.performance,
        budget: `≥ ${t.performance}`,
        pass: lh.performance >= t.performance,
      },
      {
        name: `${p.page}: Lighthouse accessibility`,
        value: lh.accessibility,
        budget: `≥ ${t.accessibility}`,
        pass: lh.accessibility >= t.accessibility,
      },
      { name: `${p.page}: LCP`, value: lh.lcpMs, unit: 'ms', budget: `≤ ${t.lcpMs} ms`, pass: lh.lcpMs <= t.lcpMs },
      { name: `${p.page}: TBT`, value: lh.tbtMs, unit: 'ms', budget: `≤ ${t.tbtMs} ms`, pass: lh.tbtMs <= t.tbtMs },
      {
        name: `${p.page}: CLS${lh.cls === null ? ' (PerformanceObserver)' : ''}`,
        value: cls,
        budget: `≤ ${t.cls}`,
        pass: cls <= t.cls,
      },
    );
  }
  if (json.roles?.length) {
    const foreign = json.roles.filter((r) => r.foreignAreas.length > 0);
    rows.push({
      name: `first visits loading another role's route chunk (${json.roles.length} visits by role and page)`,
      value: foreign.length ? foreign.map((r) => `${r.role} ${r.page}: ${r.foreignAreas.join(', ')}`).join('; ') : 0,
      budget: '0',
      pass: foreign.length === 0,
    });
  }
  return rows;
}

const BENCH_DIR = fileURLToPath(new URL('./', import.meta.url));
const RUNNER = `${BENCH_DIR}section-runner.ts`;
const TSX = `${ROOT_DIR}node_modules/.bin/tsx`;

type Args = { only?: string[]; quick: boolean; strict: boolean; out?: string; list: boolean };

function parseArgs(argv: string[]): Args {
  const args: Args = { quick: false, strict: false, list: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--quick') args.quick = true;
    else if (a === '--strict') args.strict = true;
    else if (a === '--list') args.list = true;
    else if (a.startsWith('--only'))
      args.only = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (a.startsWith('--out')) args.out = value();
    else throw new Error(`unknown option ${a} (see scripts/bench/run.ts)`);
  }
  const unknown = (args.only ?? []).filter((k) => !SECTIONS.some((s) => s.key === k));
  if (unknown.length)
    throw new Error(`unknown section ${unknown.join(', ')}; sections: ${SECTIONS.map((s) => s.key).join(', ')}`);
  return args;
}

/** The first candidate whose file exists and declares the export (a file without it is never imported: it may run on import). */
function resolveModule(def: SectionDef): { file: string; export: string } | undefined {
  for (const c of def.candidates) {
    const file = `${BENCH_DIR}${c.file}`;
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    if (new RegExp(`export\\s+(async\\s+)?(function|const|let)\\s+${c.export}\\b`).test(source))
      return { file, export: c.export };
  }
  return undefined;
}

type Outcome =
  | { status: 'measured'; module: string; seconds: number; result: SectionResult }
  | { status: 'failed'; module: string; seconds: number; error: string }
  | { status: 'not measured'; reason: string };

async function runSection(def: SectionDef, options: Record<string, unknown>): Promise<Outcome> {
  const mod = resolveModule(def);
  if (!mod) {
    const tried = def.candidates.map((c) => `${c.export} in scripts/bench/${c.file}`).join(' or ');
    return { status: 'not measured', reason: `no module (${tried})` };
  }
  const rel = mod.file.slice(ROOT_DIR.length);
  const out = `${os.tmpdir()}/bench-section-${def.key}-${process.pid}.json`;
  const started = performance.now();
  console.log(`\n[bench] ── ${def.title}: ${rel} ${mod.export}(${JSON.stringify(options)})`);
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(TSX, [RUNNER, mod.file, mod.export, JSON.stringify(options), out], {
      stdio: 'inherit',
      env: { ...process.env, ...(options.quick ? { BENCH_QUICK: '1' } : {}) },
      detached: true,
    });
    const timer = setTimeout(() => {
      console.error(`[bench] ${def.key}: over ${def.timeoutMinutes} min, stopping it`);
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    }, def.timeoutMinutes * 60_000);
    child.on('close', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const written = existsSync(out)
    ? (JSON.parse(await readFile(out, 'utf8')) as SectionResult & { error?: string })
    : undefined;
  await rm(out, { force: true });
  if (code !== 0 || !written || written.error)
    return { status: 'failed', module: rel, seconds, error: written?.error ?? `exit code ${code}` };
  console.log(`[bench] ── ${def.title}: ${seconds} s`);
  return { status: 'measured', module: rel, seconds, result: written };
}

/** The section's summary rows: its own figures, figures inside its json, or one row pointing at it. */
function figuresOf(def: SectionDef, outcome: Outcome): Figure[] {
  if (outcome.status !== 'measured')
    return [
      {
        name: def.title,
        value: outcome.status === 'failed' ? `failed: ${outcome.error.split('\n')[0]}` : 'not measured',
      },
    ];
  const own = outcome.result.figures ?? (outcome.result.json as { figures?: Figure[] } | null)?.figures;
  if (Array.isArray(own) && own.length) return own;
  if (def.figures && outcome.result.json) {
    try {
      const read = def.figures(outcome.result.json as never);
      if (read.length) return read;
    } catch (error) {
      console.error(`[bench] ${def.key}: its json has another shape (${String(error)}); one summary row`);
    }
  }
  const met = (outcome.result.json as { met?: unknown } | null)?.met;
  return [{ name: def.title, value: 'see its section', pass: typeof met === 'boolean' ? met : undefined }];
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function reportMarkdown(input: {
  date: string;
  commit: string;
  machine: ReturnType<typeof machineInfo>;
  loadStart: number;
  seconds: number;
  quick: boolean;
  sections: { def: SectionDef; outcome: Outcome; figures: Figure[] }[];
}): string {
  const m = input.machine;
  const rows = input.sections.flatMap(({ def, figures }) =>
    figures.map(
      (f) =>
        `| ${cell(def.title)} | ${cell(f.name)} | ${cell(formatValue(f))} | ${cell(f.budget ?? '–')} | ${verdict(f.pass)} |`,
    ),
  );
  const all = input.sections.flatMap((s) => s.figures);
  const passed = all.filter((f) => f.pass === true).length;
  const failed = all.filter((f) => f.pass === false).length;
  const runs = input.sections.map(({ def, outcome }) =>
    outcome.status === 'not measured'
      ? `| ${def.title} | – | not measured: ${cell(outcome.reason)} |`
      : `| ${def.title} | \`${outcome.module}\` | ${outcome.status}, ${outcome.seconds} s |`,
  );
  const bodies = input.sections.map(({ def, outcome }) => {
    if (outcome.status === 'measured') return outcome.result.markdown.trim();
    if (outcome.status === 'failed')
      return `## ${def.title}\n\nFailed after ${outcome.seconds} s (\`${outcome.module}\`):\n\n\`\`\`\n${outcome.error}\n\`\`\``;
    return `## ${def.title}\n\nNot measured: ${outcome.reason}.`;
  });
  return `# Benchmark report (issue 15)

Generated by \`npm run bench${input.quick ? ' -- --quick' : ''}\` (scripts/bench/run.ts) on ${input.date}, commit ${input.commit}, in ${(input.seconds / 60).toFixed(1)} min${input.quick ? ' — **quick run: smaller sizes than the budgets are written for**' : ''}.
Machine: ${m.cpu} × ${m.cores} cores, ${m.memory_gb} GB, ${m.platform}, Node ${m.node}; load average (1 min) ${input.loadStart} at the start and ${m.load_average} at the end — other work on the machine inflates every time below.
Design behind each figure: [docs/performance.md](../docs/performance.md). Figures are measured here, never asserted as times in tests.

## Summary

${passed} figures within their budget, ${failed} over; "–" = reported without a budget.

| topic | figure | value | budget (issue 15 unless noted) | result |
|---|---|---|---|---|
${rows.join('\n')}

| section | module | run |
|---|---|---|
${runs.join('\n')}

${bodies.join('\n\n')}
`;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.list) {
    for (const s of SECTIONS) console.log(`${s.key.padEnd(14)} ${s.title}${resolveModule(s) ? '' : ' (no module)'}`);
    return;
  }
  const selected = SECTIONS.filter((s) => !args.only || args.only.includes(s.key));
  const partial = args.quick || args.only !== undefined;
  const name = args.out ?? (partial ? 'bench-partial' : 'bench');
  const options = { quick: args.quick };
  const started = performance.now();
  const loadStart = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
  const date = new Date().toISOString();
  const commit = gitCommit();
  const outcomes = new Map<SectionDef, Outcome>();
  for (const def of [...selected.filter((d) => d.first), ...selected.filter((d) => !d.first)])
    outcomes.set(def, await runSection(def, def.options ? def.options(args.quick) : options));
  const sections = selected.map((def) => ({
    def,
    outcome: outcomes.get(def)!,
    figures: figuresOf(def, outcomes.get(def)!),
  }));
  const seconds = (performance.now() - started) / 1000;
  const machine = machineInfo();
  await mkdir(REPORTS_DIR, { recursive: true });
  await writeFile(
    `${REPORTS_DIR}${name}.md`,
    reportMarkdown({ date, commit, machine, loadStart, seconds, quick: args.quick, sections }),
  );
  const json = {
    date,
    commit,
    quick: args.quick,
    seconds: Math.round(seconds),
    machine: { ...machine, load_average_start: loadStart },
    summary: sections.flatMap(({ def, figures }) => figures.map((f) => ({ topic: def.key, ...f }))),
    sections: Object.fromEntries(
      sections.map(({ def, outcome }) => [
        def.key,
        outcome.status === 'measured'
          ? { status: outcome.status, module: outcome.module, seconds: outcome.seconds, data: outcome.result.json }
          : outcome,
      ]),
    ),
  };
  await writeFile(`${REPORTS_DIR}${name}.json`, `${JSON.stringify(json, null, 2)}\n`);
  const all = sections.flatMap((s) => s.figures);
  console.log(`\n[bench] ${(seconds / 60).toFixed(1)} min → reports/${name}.md`);
  for (const { def, figures } of sections)
    for (const f of figures)
      console.log(
        `[bench]   ${def.key}: ${f.name}: ${formatValue(f)}${f.budget ? ` (${f.budget}: ${f.pass ? 'pass' : f.pass === false ? 'FAIL' : '–'})` : ''}`,
      );
  if (sections.some((s) => s.outcome.status === 'failed')) process.exitCode = 1;
  if (args.strict && all.some((f) => f.pass === false)) process.exitCode = 1;
}

await main();
