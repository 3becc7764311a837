import * as esbuild from 'esbuild';
import { lambdaBuildOptions } from './bundle-build.ts';

/**
 * Builds one Lambda's bundle into a directory: `index.mjs` and its chunks (CDK's local bundling runs
 * this: infra/lib/constructs/api-function.ts). Argument: JSON `{ entry, outdir, define?, sourceMaps? }`.
 */
const { entry, outdir, define, sourceMaps } = JSON.parse(process.argv[2] ?? '{}') as {
  entry: string;
  outdir: string;
  define?: Record<string, string>;
  sourceMaps?: boolean;
};
await esbuild.build({
  ...lambdaBuildOptions({ ...(define ? { define } : {}), sourceMaps: sourceMaps === true }),
  entryPoints: [{ in: entry, out: 'index' }],
  outdir,
  logLevel: 'warning',
});
