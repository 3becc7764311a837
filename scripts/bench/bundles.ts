import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { lambdaBuildOptions } from '../../functions/src/bundle-build.ts';
import {
  buildBundles,
  FUNCTION_ENV,
  lambdaEntries,
  REPO_ROOT,
  writeBundle,
  type BundleStats,
} from '../test/bundles.ts';
import { runPool } from './stats.ts';

/**
 * Lambda bundles (issue 15): per route (and job, worker, trigger) the minified bundle as CDK builds
 * it, its bytes beyond the AWS SDK against the budget, and its cold import — `await import()` of the
 * bundle in a fresh `node` process — against a fresh process importing bare the SDK clients it
 * uses (their client classes, bundled with the same esbuild options). Median of `runs` processes
 * each, in pairs (bundle and bare one right after the other; the pairs go round all bundles); the ratio is
 * the median of the pairs' ratios. Budget: bundle ≤ 1.5 × bare.
 */
export const COLD_IMPORT_BUDGET_RATIO = 1.5;

/** The client class each SDK package contributes to the "bare" import. */
const CLIENT_CLASSES: Record<string, string[]> = {
  '@aws-sdk/client-dynamodb': ['DynamoDBClient'],
  '@aws-sdk/client-s3': ['S3Client'],
  '@aws-sdk/client-sesv2': ['SESv2Client'],
  '@aws-sdk/client-sqs': ['SQSClient'],
  '@aws-sdk/client-ssm': ['SSMClient'],
  '@aws-sdk/client-cognito-identity-provider': ['CognitoIdentityProviderClient'],
  '@aws-sdk/client-dynamodb-streams': ['DynamoDBStreamsClient'],
};

export type BundlesBenchOptions = {
  /** Fresh processes per bundle and per bare import (default 10). */
  runs?: number;
  /** Measure the cold import of only this many bundles (spread over the list; default all). */
  sample?: number;
  /** Processes at once (default 1: a cold start has its CPU to itself on Lambda, while two here share the caches of 2 cores and measured ±10 %). */
  concurrency?: number;
};

type RouteRow = {
  name: string;
  bytes: number;
  beyond_sdk_bytes: number;
  budget_bytes: number;
  over_budget: boolean;
  sdk_clients: string[];
  top_packages: string[];
  cold_import_ms?: number;
  bare_sdk_ms?: number;
  /** The median of its pairs' ratios (cold ÷ the bare import made right before or after it). */
  ratio?: number;
  /** Its handler awaits data during init (the search snapshot): the import runs that load, so its ratio is reported, not judged. */
  init_loads_data?: true;
};

/** A handler module that awaits at its top level loads data during init (the catalogue routes' search snapshot). */
const loadsDataInInit = (file: string) => /^await /m.test(readFileSync(file, 'utf8'));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One fresh node process: milliseconds of `await import(file)` alone (start-up excluded). */
function coldImport(file: string): Promise<number> {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});process.stdout.write(String(performance.now()-t));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, ...FUNCTION_ENV, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('close', (code) =>
      code === 0 ? resolve(Number(out)) : reject(new Error(`import of ${file} failed: ${err.slice(0, 400)}`)),
    );
  });
}

async function bareBundle(clients: string[], dir: string): Promise<string> {
  const key = clients.map((c) => c.replace('@aws-sdk/client-', '')).join('+') || 'none';
  const outdir = path.join(dir, `bare-${key}`);
  const source = clients
    .map(
      (pkg, i) =>
        `import { ${(CLIENT_CLASSES[pkg] ?? []).join(', ')} } from '${pkg}'; globalThis.c${i} = [${(CLIENT_CLASSES[pkg] ?? []).join(', ')}];`,
    )
    .join('\n');
  // Split like the Lambdas: the SDK's own import()s (credential providers it may never need) become chunks here too.
  await esbuild.build({
    ...lambdaBuildOptions(),
    stdin: { contents: source, resolveDir: path.join(REPO_ROOT, 'functions'), loader: 'js' },
    outdir,
  });
  return path.join(outdir, 'stdin.mjs');
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

export async function measureBundles(opts: BundlesBenchOptions = {}): Promise<{ json: object; markdown: string }> {
  const runs = opts.runs ?? 10;
  const concurrency = opts.concurrency ?? 1;
  const started = Date.now();
  const entries = lambdaEntries();
  const bundles = await buildBundles(entries, { keepCode: true });
  const buildSeconds = (Date.now() - started) / 1000;

  const dir = mkdtempSync(path.join(tmpdir(), 'gm-bench-bundles-'));
  try {
    const sample = opts.sample && opts.sample < bundles.length ? opts.sample : bundles.length;
    const step = bundles.length / sample;
    const measured = new Set(Array.from({ length: sample }, (_, i) => Math.floor(i * step)));

    const files = new Map<BundleStats, string>();
    bundles.forEach((b, i) => {
      if (!measured.has(i)) return;
      files.set(b, writeBundle(b, path.join(dir, `b${i}`)));
    });
    const bare = new Map<string, string>();
    for (const b of files.keys()) {
      const key = b.sdkClients.join(',');
      if (!bare.has(key)) bare.set(key, await bareBundle(b.sdkClients, dir));
    }

    // In pairs, one right after the other (which goes first alternates): this machine's speed switches between
    // states within seconds (the same bundle imports in ≈ 40 or ≈ 55 ms), so each pair's ratio compares two
    // imports made in the same state, and a bundle's ratio is the median of its pairs' ratios. The pairs go round
    // the bundles (every bundle's first pair, then every bundle's second, …): a bundle's pairs lie a whole round
    // apart, so a slow spell of a few seconds touches one of its pairs, not all of them.
    const jobs = Array.from({ length: runs }, (_, pair) =>
      [...files].flatMap(([b, file]) => {
        const own = { b, pair, kind: 'bundle' as const, file };
        const base = { b, pair, kind: 'bare' as const, file: bare.get(b.sdkClients.join(','))! };
        return pair % 2 === 0 ? [own, base] : [base, own];
      }),
    ).flat();
    const times = await runPool(jobs, concurrency, async (job) => ({ ...job, ms: await coldImport(job.file) }));
    // Per bundle its pairs: the bundle's import and the bare one made beside it.
    const pairs = new Map<BundleStats, { bundle: number; bare: number }[]>();
    for (const t of times) {
      if (!pairs.has(t.b)) pairs.set(t.b, []);
      const list = pairs.get(t.b)!;
      list[t.pair] = { ...(list[t.pair] ?? { bundle: NaN, bare: NaN }), [t.kind]: t.ms };
    }

    const rows: RouteRow[] = bundles.map((b) => {
      const own = pairs.get(b);
      const cold = own ? median(own.map((p) => p.bundle)) : undefined;
      const bareMs = own ? median(own.map((p) => p.bare)) : undefined;
      const pairRatio = own ? median(own.map((p) => p.bundle / p.bare)) : undefined;
      return {
        name: b.name,
        bytes: b.bytes,
        beyond_sdk_bytes: b.beyondSdkBytes,
        budget_bytes: b.budgetBytes,
        over_budget: Boolean(b.violation),
        sdk_clients: b.sdkClients,
        top_packages: b.packages.slice(0, 3).map((p) => `${p.name} ${kb(p.bytes)} KB`),
        ...(loadsDataInInit(b.file) ? { init_loads_data: true as const } : {}),
        ...(cold !== undefined && bareMs !== undefined && pairRatio !== undefined
          ? {
              cold_import_ms: Math.round(cold * 10) / 10,
              bare_sdk_ms: Math.round(bareMs * 10) / 10,
              ratio: Math.round(pairRatio * 100) / 100,
            }
          : {}),
      };
    });

    // Judged: the imports that only load code (not the routes that load the search snapshot in init).
    const judged = rows.filter((r) => r.ratio !== undefined && !r.init_loads_data);
    const ratios = judged.map((r) => r.ratio!);
    const worstRatio = judged.reduce<RouteRow | undefined>((w, r) => (!w || r.ratio! > w.ratio! ? r : w), undefined);
    const worstBytes = rows.reduce((w, r) => (r.beyond_sdk_bytes > w.beyond_sdk_bytes ? r : w));
    const summary = {
      bundles: rows.length,
      over_byte_budget: rows.filter((r) => r.over_budget).length,
      median_bytes: median(rows.map((r) => r.bytes)),
      median_beyond_sdk_bytes: median(rows.map((r) => r.beyond_sdk_bytes)),
      max_beyond_sdk: { name: worstBytes.name, bytes: worstBytes.beyond_sdk_bytes },
      with_stripe: bundles.filter((b) => b.stripe).length,
      with_pdf_lib: bundles.filter((b) => b.pdf).length,
      cold_import_measured: ratios.length,
      runs_per_import: runs,
      median_ratio: ratios.length ? Math.round(median(ratios) * 100) / 100 : null,
      worst_ratio: worstRatio ? { name: worstRatio.name, ratio: worstRatio.ratio } : null,
      over_ratio_budget: ratios.filter((r) => r > COLD_IMPORT_BUDGET_RATIO).length,
      over_ratio_routes: judged.filter((r) => r.ratio! > COLD_IMPORT_BUDGET_RATIO).map((r) => `${r.name} ${r.ratio}×`),
      init_loads_data: rows.filter((r) => r.init_loads_data).map((r) => `${r.name}${r.ratio ? ` ${r.ratio}×` : ''}`),
      ratio_budget: COLD_IMPORT_BUDGET_RATIO,
      build_seconds: Math.round(buildSeconds),
      total_seconds: Math.round((Date.now() - started) / 1000),
    };

    const markdown = [
      '## Lambda bundles',
      '',
      `Every Lambda bundled as CDK does (functions/src/bundle-build.ts); cold import = \`await import()\` in a fresh node process, median of ${runs}, against the bare SDK clients it uses: ${runs} pairs of fresh processes (bundle and bare one right after the other, one process at a time, the pairs going round all bundles so a bundle's pairs lie minutes apart; \`npm run bench\` runs this section before the others), the ratio the median of the pairs' ratios. Budgets: beyond the AWS SDK ≤ 150 KB (≤ 600 KB with Stripe or pdf-lib); cold import ≤ ${COLD_IMPORT_BUDGET_RATIO}× bare. Routes whose init loads the search snapshot (${summary.init_loads_data.join(', ') || 'none'}) import with that load running against no service: reported, not judged (their cold start is in "Search at scale"). Took ${summary.total_seconds} s (bundling ${summary.build_seconds} s).`,
      '',
      '| bundles | over byte budget | median size | median beyond SDK | largest beyond SDK | with Stripe | with pdf-lib | cold import measured | median ratio | worst ratio | over 1.5× |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      `| ${summary.bundles} | ${summary.over_byte_budget} | ${kb(summary.median_bytes)} KB | ${kb(summary.median_beyond_sdk_bytes)} KB | ${kb(worstBytes.beyond_sdk_bytes)} KB (${worstBytes.name}) | ${summary.with_stripe} | ${summary.with_pdf_lib} | ${summary.cold_import_measured} | ${summary.median_ratio ?? '–'}× | ${worstRatio ? `${worstRatio.ratio}× (${worstRatio.name})` : '–'} | ${summary.over_ratio_budget} |`,
      '',
      '| route | KB | beyond SDK KB (budget) | cold ms | bare ms | ratio | biggest beyond SDK |',
      '|---|---|---|---|---|---|---|',
      ...[...rows]
        .sort((a, b) => b.beyond_sdk_bytes - a.beyond_sdk_bytes)
        .map(
          (r) =>
            `| ${r.name} | ${kb(r.bytes)} | ${kb(r.beyond_sdk_bytes)} (${kb(r.budget_bytes)})${r.over_budget ? ' ✘' : ''} | ${r.cold_import_ms ?? '–'} | ${r.bare_sdk_ms ?? '–'} | ${r.ratio ?? '–'}${r.ratio === undefined ? '' : r.init_loads_data ? ' (init loads data)' : r.ratio > COLD_IMPORT_BUDGET_RATIO ? ' ✘' : ''} | ${r.top_packages.join(', ')} |`,
        ),
      '',
    ].join('\n');
    return { json: { summary, routes: rows }, markdown };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx scripts/bench/bundles.ts [--runs 10] [--sample 40]` writes reports/bench-bundles.{md,json}.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  const { json, markdown } = await measureBundles({ runs: arg('runs'), sample: arg('sample') });
  mkdirSync(path.join(REPO_ROOT, 'reports'), { recursive: true });
  writeFileSync(path.join(REPO_ROOT, 'reports/bench-bundles.json'), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(REPO_ROOT, 'reports/bench-bundles.md'), markdown);
  console.log(markdown.split('\n').slice(0, 8).join('\n'));
}
