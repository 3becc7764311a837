import type { RouteDef } from './routes.ts';

/**
 * How every Lambda of the product is bundled (esbuild): the options bundle-build.ts builds with, for
 * the CDK constructs (infra/lib/constructs/api-function.ts) and for the bundle budget test and
 * benchmark (scripts/test/bundles.ts) alike, so the bytes we hold to a budget are the bytes we deploy.
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
  /**
   * Packages replaced in every bundle (esbuild `alias`; paths relative to the repository root, where
   * bundle-build.ts runs esbuild). pdf-lib's PDF stack without what our PDFs never use:
   * pako (46 KB) becomes Node's zlib, @pdf-lib/standard-fonts (127 KB) carries only the fonts we embed.
   * The PDFs are the same (scripts/test/pdf-bundle.test.ts renders them bundled and compares).
   * Two builtins @middy/core imports become stand-ins that load nothing at import (lazy-*.ts).
   */
  alias: {
    pako: './functions/src/lib/pdf/pako-zlib.ts',
    '@pdf-lib/standard-fonts': './functions/src/lib/pdf/standard-fonts.ts',
    // Builtins @middy/core imports for its streaming path and timeout: not loaded in every cold start.
    'node:stream/web': './functions/src/lib/lazy-stream-web.ts',
    'node:timers': './functions/src/lib/lazy-timers.ts',
  },
} as const;

/**
 * What a route's bundle carries of its manifest entry (lib/http.ts): the rule it authorises by and the
 * domain its errors count for. The method and path come from the handler's own `http('<METHOD path>')`
 * key; a test holds every handler's key to its manifest entry (bundle-options.test.ts).
 */
export type BundledRoute = Pick<RouteDef, 'access' | 'domain'>;

/** The identifier esbuild replaces with the route's entry (a JSON string) in a route's bundle. */
export const BUNDLED_ROUTE = '__GM_ROUTE__';

/**
 * The identifier esbuild replaces with `true` or `false` (the manifest's `anonymous`): a literal, so
 * the bundler drops the authentication of an anonymous route's wrapper with everything it imports.
 */
export const ANONYMOUS_ROUTE = '__GM_ANONYMOUS__';

/** A route's entry as its bundle carries it. */
export function bundledRoute(route: RouteDef): BundledRoute {
  return { access: route.access, domain: route.domain };
}

/**
 * The esbuild `define` of one route's bundle: its own manifest entry, so the handler does not bundle
 * the whole manifest (routes.ts with capabilities.ts, 24 KB) to look itself up. Derived from the
 * manifest here, for CDK (infra/lib/api-stack.ts) and the bundle test and benchmark alike.
 */
export function routeDefine(route: RouteDef): Record<string, string> {
  return {
    [BUNDLED_ROUTE]: JSON.stringify(JSON.stringify(bundledRoute(route))),
    [ANONYMOUS_ROUTE]: route.anonymous === true ? 'true' : 'false',
  };
}

/**
 * Source maps are off unless asked for (`cdk deploy -c sourceMaps=true`): with them every cold start
 * parses the map (NODE_OPTIONS=--enable-source-maps) and stack traces cost more on every error.
 */
export const SOURCE_MAPS_CONTEXT = 'sourceMaps';
