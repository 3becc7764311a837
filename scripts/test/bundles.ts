import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { lambdaBuildOptions, REPO_ROOT } from '../../functions/src/bundle-build.ts';
import { routeDefine } from '../../functions/src/bundle-options.ts';
import { STRIPE_KEYS } from '../../functions/src/capabilities.ts';
import { routes } from '../../functions/src/routes.ts';

/**
 * Builds every Lambda of the product the way CDK does (functions/src/bundle-build.ts, without
 * source maps) and attributes its bytes to its inputs (esbuild's metafile): the bundle budget test
 * (bundle-budgets.test.ts) and the bundle benchmark (scripts/bench/bundles.ts) share it.
 */
export { REPO_ROOT };

/** The issue 15 budgets for the code beyond the AWS SDK, minified. */
export const PLAIN_BUDGET_BYTES = 150 * 1024;
export const HEAVY_BUDGET_BYTES = 600 * 1024;
/**
 * What `npm test` holds: the budgets themselves (met on 2026-11-27: largest plain POST auth/register
 * 146 KB, median 115 KB; largest Stripe/PDF POST order/gift-voucher 509 KB). The ceilings stay separate
 * names so a budget can again be held as a ratchet while a change brings a bundle back under it.
 */
export const PLAIN_CEILING_BYTES = PLAIN_BUDGET_BYTES;
export const HEAVY_CEILING_BYTES = HEAVY_BUDGET_BYTES;

export { FUNCTION_ENV } from '../../functions/src/lib/test-env.ts';

export type LambdaEntry = {
  /** `POST auth/login` for a route, `jobs/payouts` / `workers/mail-queue` / `triggers/…` otherwise. */
  name: string;
  file: string;
  /** Routes only: the manifest allows it to call Stripe (STRIPE_KEYS). */
  stripeAllowed?: boolean;
  /** Routes only: the esbuild `define` of the route's bundle (its manifest entry, bundle-options.ts). */
  define?: Record<string, string>;
};

/** Every route of the manifest, and every module under functions/src/{jobs,workers,triggers} (each a Lambda). */
export function lambdaEntries(): LambdaEntry[] {
  const fromRoutes = routes.map((r) => ({
    name: `${r.method} ${r.path}`,
    file: path.join(REPO_ROOT, 'functions/src/handlers', `${r.handler}.ts`),
    stripeAllowed: (r.uses as readonly unknown[]).includes(STRIPE_KEYS),
    define: routeDefine(r),
  }));
  const others = ['jobs', 'workers', 'triggers'].flatMap((dir) =>
    readdirSync(path.join(REPO_ROOT, 'functions/src', dir))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => ({ name: `${dir}/${f.slice(0, -3)}`, file: path.join(REPO_ROOT, 'functions/src', dir, f) })),
  );
  return [...fromRoutes, ...others];
}

/** The package an input of the metafile belongs to (`(app)` for our own source). */
export function packageOf(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match ? match[1]! : '(app)';
}

/** The AWS SDK v3 itself: bundled on purpose, outside the budget. */
export const isSdkPackage = (pkg: string): boolean => /^@(aws-sdk|smithy|aws-crypto)\//.test(pkg);

/**
 * The packages of a bundle our code reaches without passing through the AWS SDK: every import chain
 * from `entryPoint` (metafile `inputs[…].imports`) that does not enter an @aws-sdk/@smithy/@aws-crypto
 * package. A package only the SDK imports (fast-xml-parser, tslib, mnemonist via the endpoint cache …)
 * is not among them: it is the SDK's runtime, outside the budget like the SDK. `(app)` is our source.
 */
export function reachedPastSdk(inputs: esbuild.Metafile['inputs'], entryPoint: string): Set<string> {
  const reached = new Set<string>([entryPoint]);
  const queue = [entryPoint];
  while (queue.length > 0) {
    for (const { path: next } of inputs[queue.pop()!]?.imports ?? []) {
      if (reached.has(next) || !(next in inputs) || isSdkPackage(packageOf(next))) continue;
      reached.add(next);
      queue.push(next);
    }
  }
  return new Set([...reached].map(packageOf));
}

export type BundleStats = {
  name: string;
  file: string;
  bytes: number;
  /**
   * Bytes of everything but the AWS SDK and its runtime: @aws-sdk, @smithy, @aws-crypto and the
   * packages only they import (`reachedPastSdk`).
   */
  beyondSdkBytes: number;
  /** The packages counted as the SDK's runtime (imported only through the SDK), biggest first. */
  sdkRuntime: { name: string; bytes: number }[];
  /** Bytes per package beyond the SDK, biggest first. */
  packages: { name: string; bytes: number }[];
  /** Bytes per input file beyond the SDK, biggest first (the first 10). */
  inputs: { path: string; bytes: number }[];
  /** The @aws-sdk/client-* packages in the bundle. */
  sdkClients: string[];
  /** Stripe or pdf-lib is in the bundle: the larger budget. */
  heavy: boolean;
  stripe: boolean;
  /** Routes: the manifest lets it call Stripe (STRIPE_KEYS); undefined for jobs, workers, triggers. */
  stripeAllowed: boolean | undefined;
  pdf: boolean;
  /** The route manifest (functions/src/routes.ts) is in the bundle: a route's bundle should carry only its own entry. */
  manifest: boolean;
  /** Classic zod (`zod/v4/classic/`) is among the inputs: its schemas carry every method, so none of it tree-shakes (use zod/mini). */
  classicZod: boolean;
  budgetBytes: number;
  /** Why it passes its budget (naming its three biggest inputs), if it does. */
  violation?: string;
  ceilingBytes: number;
  /** Why it passes the ceiling `npm test` holds (naming its three biggest inputs), if it does. */
  overCeiling?: string;
  /** Bytes a cold start reads: `index.mjs` and the chunks it imports statically (the rest waits behind an `import()`). */
  entryBytes: number;
  /** The bundle's files (`index.mjs`, `chunks/…`), when asked for (the tests and the benchmark write them out to import them). */
  files?: { name: string; contents: Uint8Array }[];
};

/** A bundle's stats from its metafile outputs (entry and chunks, summed): bytes per package, budget class, violation. */
export function statsOf(
  entry: LambdaEntry,
  output: Pick<esbuild.Metafile['outputs'][string], 'bytes' | 'inputs' | 'entryPoint'>,
  graph: esbuild.Metafile['inputs'],
  entryBytes: number = output.bytes,
  files?: { name: string; contents: Uint8Array }[],
): BundleStats {
  const byPackage = new Map<string, number>();
  const runtime = new Map<string, number>();
  const byInput: { path: string; bytes: number; own: boolean }[] = [];
  let sdk = 0;
  const clients = new Set<string>();
  const ours = reachedPastSdk(graph, output.entryPoint!);
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = packageOf(input);
    if (isSdkPackage(pkg)) {
      sdk += bytesInOutput;
      if (pkg.startsWith('@aws-sdk/client-') && bytesInOutput > 0) clients.add(pkg);
      continue;
    }
    if (!ours.has(pkg)) {
      sdk += bytesInOutput;
      runtime.set(pkg, (runtime.get(pkg) ?? 0) + bytesInOutput);
      continue;
    }
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
    byInput.push({ path: input.replace(/^.*node_modules\//, ''), bytes: bytesInOutput, own: pkg === '(app)' });
  }
  const stripe = (byPackage.get('stripe') ?? 0) > 0;
  const pdf = (byPackage.get('pdf-lib') ?? 0) > 0;
  const heavy = stripe || pdf;
  const manifest = Object.entries(output.inputs).some(
    ([input, { bytesInOutput }]) => input.endsWith('functions/src/routes.ts') && bytesInOutput > 0,
  );
  const classicZod = Object.keys(output.inputs).some((input) => input.includes('zod/v4/classic/'));
  const budgetBytes = heavy ? HEAVY_BUDGET_BYTES : PLAIN_BUDGET_BYTES;
  const beyondSdkBytes = output.bytes - sdk;
  byInput.sort((a, b) => b.bytes - a.bytes);
  const inputs = byInput.slice(0, 10).map(({ path: p, bytes }) => ({ path: p, bytes }));
  const packages = [...byPackage].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
  const biggestOwn = byInput.find((i) => i.own);
  const top3 = packages
    .slice(0, 3)
    .map((p) =>
      p.name === '(app)'
        ? `our code ${(p.bytes / 1024).toFixed(1)} KB (largest ${biggestOwn?.path} ${((biggestOwn?.bytes ?? 0) / 1024).toFixed(1)} KB)`
        : `${p.name} ${(p.bytes / 1024).toFixed(1)} KB`,
    )
    .join(', ');
  const violation =
    beyondSdkBytes > budgetBytes
      ? `${(beyondSdkBytes / 1024).toFixed(1)} KB beyond the AWS SDK > ${budgetBytes / 1024} KB (${heavy ? 'Stripe/PDF' : 'plain'} budget); biggest inputs: ${top3}`
      : undefined;
  const ceilingBytes = heavy ? HEAVY_CEILING_BYTES : PLAIN_CEILING_BYTES;
  const overCeiling =
    beyondSdkBytes > ceilingBytes
      ? `${(beyondSdkBytes / 1024).toFixed(1)} KB beyond the AWS SDK > ${ceilingBytes / 1024} KB (${heavy ? 'Stripe/PDF' : 'plain'} ceiling); biggest inputs: ${top3}`
      : undefined;
  return {
    name: entry.name,
    file: path.relative(REPO_ROOT, entry.file),
    bytes: output.bytes,
    beyondSdkBytes,
    sdkRuntime: [...runtime]
      .filter(([, bytes]) => bytes > 0)
      .map(([name, bytes]) => ({ name, bytes }))
      .sort((a, b) => b.bytes - a.bytes),
    packages,
    inputs,
    sdkClients: [...clients].sort(),
    heavy,
    stripe,
    stripeAllowed: entry.stripeAllowed,
    pdf,
    manifest,
    classicZod,
    budgetBytes,
    ...(violation ? { violation } : {}),
    ceilingBytes,
    ...(overCeiling ? { overCeiling } : {}),
    entryBytes,
    ...(files ? { files } : {}),
  };
}

/** One bundle, exactly as CDK builds it (without source maps): `index.mjs` and the chunks its code can read, their stats summed. */
export async function buildBundle(entry: LambdaEntry, keepCode = false): Promise<BundleStats> {
  const outdir = path.join(REPO_ROOT, 'node_modules/.cache/bundles');
  const result = await esbuild.build({
    ...lambdaBuildOptions(entry.define ? { define: entry.define } : {}),
    entryPoints: [{ in: entry.file, out: 'index' }],
    outdir,
    write: false,
    metafile: true,
  });
  const outputs = result.metafile.outputs;
  const scripts = Object.entries(outputs).filter(([name]) => name.endsWith('.mjs'));
  const indexName = scripts.find(([name]) => path.resolve(REPO_ROOT, name) === path.join(outdir, 'index.mjs'))![0];
  // What a cold start reads: index.mjs and the chunks it imports statically (not those behind an import()).
  const cold = new Set([indexName]);
  for (const name of cold)
    for (const { path: next, kind } of outputs[name]!.imports)
      if (kind === 'import-statement' && next in outputs) cold.add(next);
  // What the code can ever read: esbuild also writes chunks for import()s that tree shaking left without a caller.
  const live = new Set([indexName]);
  for (const name of live) for (const { path: next } of outputs[name]!.imports) if (next in outputs) live.add(next);
  const inputs: Record<string, { bytesInOutput: number }> = {};
  for (const name of live)
    for (const [input, { bytesInOutput }] of Object.entries(outputs[name]!.inputs))
      inputs[input] = { bytesInOutput: (inputs[input]?.bytesInOutput ?? 0) + bytesInOutput };
  const merged = {
    bytes: [...live].reduce((n, name) => n + outputs[name]!.bytes, 0),
    inputs,
    entryPoint: outputs[indexName]!.entryPoint,
  };
  const coldBytes = [...cold].reduce((n, name) => n + outputs[name]!.bytes, 0);
  const files = keepCode
    ? result.outputFiles
        .filter((f) => f.path.endsWith('.mjs'))
        .map((f) => ({ name: path.relative(outdir, f.path), contents: f.contents }))
    : undefined;
  return statsOf(entry, merged, result.metafile.inputs, coldBytes, files);
}

/**
 * Builds `entries`, `concurrency` at a time (one esbuild call each: with several entries esbuild would
 * share chunks between them), and returns the stats in the order of `entries`.
 */
export async function buildBundles(
  entries: LambdaEntry[],
  { concurrency = 2, keepCode = false } = {},
): Promise<BundleStats[]> {
  const stats: BundleStats[] = new Array(entries.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, entries.length) }, async () => {
      while (next < entries.length) {
        const i = next++;
        stats[i] = await buildBundle(entries[i]!, keepCode);
      }
    }),
  );
  return stats;
}

/** Writes a bundle's files into `dir` (as a Lambda's code directory); answers the path of its `index.mjs`. */
export function writeBundle(bundle: BundleStats, dir: string): string {
  for (const { name, contents } of bundle.files ?? []) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), contents);
  }
  return path.join(dir, 'index.mjs');
}
