import * as esbuild from 'esbuild';
import * as z from 'zod/mini';
import { lambdaBuildOptions } from './bundle-build.ts';

/**
 * Builds one Lambda's bundle into a directory: `index.mjs` and its chunks (CDK's local bundling runs
 * this: infra/lib/constructs/api-function.ts). Argument: JSON `{ entry, outdir, define?, sourceMaps? }`.
 */
const argument = z.object({
  entry: z.string().check(z.minLength(1)),
  outdir: z.string().check(z.minLength(1)),
  define: z.optional(z.record(z.string(), z.string())),
  sourceMaps: z.optional(z.boolean()),
});

const { entry, outdir, define, sourceMaps } = argument.parse(JSON.parse(process.argv[2] ?? '{}'));
await esbuild.build({
  ...lambdaBuildOptions({ ...(define ? { define } : {}), sourceMaps: sourceMaps === true }),
  entryPoints: [{ in: entry, out: 'index' }],
  outdir,
  logLevel: 'warning',
});
