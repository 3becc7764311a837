/**
 * How every Lambda of the product is bundled (esbuild): one place for the CDK constructs
 * (infra/lib/constructs/api-function.ts) and for the bundle budget test and benchmark
 * (scripts/test/bundles.ts), so the bytes we hold to a budget are the bytes we deploy.
 * ESM for Node 22, minified, the AWS SDK v3 clients inside (faster cold starts than the runtime's copy).
 */
export const LAMBDA_BUNDLE = {
  format: 'esm',
  target: 'node22',
  platform: 'node',
  minify: true,
  charset: 'utf8',
  mainFields: ['module', 'main'],
  // CommonJS dependencies call require(); ESM output has none unless we create it.
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
} as const;

/**
 * Source maps are off unless asked for (`cdk deploy -c sourceMaps=true`): with them every cold start
 * parses the map (NODE_OPTIONS=--enable-source-maps) and stack traces cost more on every error.
 */
export const SOURCE_MAPS_CONTEXT = 'sourceMaps';
