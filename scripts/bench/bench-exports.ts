import { execFile } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { unzipSync } from 'fflate';
import { lambdaBuildOptions } from '../../functions/src/bundle-build.ts';
import { startLocalStack } from '../test/global-setup-int.ts';
import { seedInvoices } from '../test/seed-invoices.ts';
import { writeSectionReport, type Figure, type SectionResult } from './report.ts';

/**
 * A section of `npm run bench`, alone `npm run bench:exports` (issue 12, "Large exports"): 500 customer invoices of one seller in DynamoDB
 * Local, then the zip export of their period — rendered PDF by PDF, streamed into the private bucket
 * (s3rver) as a multipart upload and answered as a presigned link — in a separate Node process, so
 * its memory is the export's alone (as in a Lambda container). The link is then downloaded and
 * unzipped to check every invoice is in it. Budget: ≤ 10 s and ≤ 256 MB. Writes
 * reports/bench-exports.md and .json when run alone. Timings are reported, never asserted in tests.
 */
export type ExportBenchOptions = { quick?: boolean };
let INVOICES = 500;
let RUNS = 3;
const BUDGET = { ms: 10_000, mb: 256 } as const;
const DAY = '2019-05-15';
const WORKER = fileURLToPath(new URL('./bench-exports-worker.ts', import.meta.url));

type Run = {
  ms: number;
  link: { url: string; expires_in: number; filename: string };
  rss_before_mb: number;
  heap_before_mb: number;
  peak_rss_mb: number;
  peak_heap_mb: number;
  max_rss_mb: number;
  zip_bytes: number;
  entries: number;
};

async function measure() {
  const stack = await startLocalStack();
  try {
    const sellerId = `bench-seller-${Date.now()}`;
    const seeded = performance.now();
    await seedInvoices(sellerId, INVOICES, DAY);
    const seedMs = performance.now() - seeded;
    // Bundled like the Lambda (one ESM file with the SDK inside) and run by plain node: no loader in the measured memory.
    const bundle = `${os.tmpdir()}/bench-exports-worker-${process.pid}.mjs`;
    await build({
      ...lambdaBuildOptions(),
      splitting: false,
      entryPoints: [WORKER],
      outfile: bundle,
      logLevel: 'error',
    });
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { stdout } = await promisify(execFile)(process.execPath, [bundle, sellerId, DAY, DAY], {
        env: { ...process.env, ...stack.cloud.env },
        maxBuffer: 1 << 20,
      });
      const run = JSON.parse(stdout.trim().split('\n').pop()!) as Omit<Run, 'zip_bytes' | 'entries'>;
      const zip = new Uint8Array(await (await fetch(run.link.url)).arrayBuffer());
      const entries = Object.keys(unzipSync(zip)).length;
      if (entries !== INVOICES) throw new Error(`the zip holds ${entries} of ${INVOICES} invoices`);
      runs.push({ ...run, zip_bytes: zip.byteLength, entries });
      console.log(`[bench] export ${i + 1}/${RUNS}: ${(run.ms / 1000).toFixed(2)} s, peak RSS ${run.peak_rss_mb} MB`);
    }
    const worst = {
      ms: Math.max(...runs.map((r) => r.ms)),
      peak_rss_mb: Math.max(...runs.map((r) => Math.max(r.max_rss_mb, r.peak_rss_mb))),
      peak_heap_mb: Math.max(...runs.map((r) => r.peak_heap_mb)),
    };
    return {
      date: new Date().toISOString(),
      invoices: INVOICES,
      seed_seconds: seedMs / 1000,
      budget: BUDGET,
      runs,
      worst,
      met: worst.ms <= BUDGET.ms && worst.peak_rss_mb <= BUDGET.mb,
      machine: {
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores: os.cpus().length,
        node: process.version,
        load_average: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
      },
    };
  } finally {
    await stack.stop();
  }
}

function markdown(result: Awaited<ReturnType<typeof measure>>): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rows = result.runs
    .map(
      (r, i) =>
        `| ${i + 1} | ${s(r.ms)} | ${r.rss_before_mb} MB | ${Math.max(r.peak_rss_mb, r.max_rss_mb)} MB | ${r.heap_before_mb} MB | ${r.peak_heap_mb} MB | ${(r.zip_bytes / 1024 ** 2).toFixed(2)} MB | ${r.entries} |`,
    )
    .join('\n');
  return `## Invoice zip export (${result.invoices} invoices)

Measured by scripts/bench/bench-exports.ts on ${result.date}.

- What: \`seller-invoice/download-buyer-pdf-invoices\` with \`zip: true\` over ${result.invoices} customer invoices of one seller
  (seeded into DynamoDB Local in ${result.seed_seconds.toFixed(1)} s): Query of the period, each PDF rendered by pdf-lib one
  after the other and streamed through fflate's \`Zip\` (stored entries) into an \`@aws-sdk/lib-storage\` multipart
  \`Upload\` to the private bucket (s3rver), then the presigned GET. The export runs in its own Node process with the
  real service and adapters (a warm Lambda container: modules and clients loaded before the clock starts); memory is that
  process's resident set (sampled every 5 ms and the OS's maximum) and V8 heap; the worker is bundled by esbuild into
  one ESM file, as the Lambda is, and run by plain node. Each link was downloaded and unzipped:
  all ${result.invoices} entries present.
- Budget (issue 12): ≤ ${result.budget.ms / 1000} s and ≤ ${result.budget.mb} MB: **${result.met ? 'met' : 'missed'}**
  (worst run: ${s(result.worst.ms)}, ${result.worst.peak_rss_mb} MB RSS, ${result.worst.peak_heap_mb} MB heap).
- Machine: ${result.machine.cpu}, ${result.machine.cores} cores, Node ${result.machine.node}, load average ${result.machine.load_average}
  when the run ended (other work on the machine inflates the times).
- Note: a Lambda with 512 MB has about a third of a vCPU; rendering is CPU-bound, so expect the time there to be
  roughly proportional to the CPU share (see the report of issue 12 on the export functions' memory setting).

| run | time | RSS before | peak RSS | heap before | peak heap | zip | entries |
|---|---|---|---|---|---|---|---|
${rows}
`;
}

export async function measureExports(opts: ExportBenchOptions = {}): Promise<SectionResult> {
  INVOICES = Number(process.env.BENCH_INVOICES ?? 500);
  RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? (opts.quick ? 1 : 3));
  const result = await measure();
  console.log(
    `[bench] invoice zip export of ${result.invoices}: worst ${(result.worst.ms / 1000).toFixed(2)} s, ${result.worst.peak_rss_mb} MB`,
  );
  const figures: Figure[] = [
    {
      name: `${result.invoices}-invoice zip export, time (worst of ${result.runs.length})`,
      value: Math.round(result.worst.ms / 10) / 100,
      unit: 's',
      budget: `≤ ${BUDGET.ms / 1000} s (issue 12)`,
      pass: result.worst.ms <= BUDGET.ms,
    },
    {
      name: `${result.invoices}-invoice zip export, peak memory (RSS)`,
      value: result.worst.peak_rss_mb,
      unit: 'MB',
      budget: `≤ ${BUDGET.mb} MB (issue 12)`,
      pass: result.worst.peak_rss_mb <= BUDGET.mb,
    },
  ];
  return { json: result, markdown: markdown(result), figures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const section = await measureExports({ quick: process.argv.includes('--quick') });
  await writeSectionReport('bench-exports', section);
  if (section.figures?.some((f) => f.pass === false)) process.exitCode = 1;
}
