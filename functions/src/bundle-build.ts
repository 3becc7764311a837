import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import ts from 'typescript';
import { LAMBDA_BUNDLE } from './bundle-options.ts';

/**
 * How a Lambda's bundle is built: the esbuild options of LAMBDA_BUNDLE plus one plugin, for CDK
 * (infra/lib/constructs/api-function.ts, through bundle-cli.ts), the bundle budget test and the
 * benchmark (scripts/test/bundles.ts) alike, so the bytes held to a budget are the bytes deployed.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Our own modules (functions/src, shared/src), the ones the plugin rewrites. */
const OWN_SOURCE = /[\\/](functions|shared)[\\/]src[\\/].*\.ts$/;

/**
 * Makes each module-level declaration whose initialiser runs code droppable by the bundler:
 * `const a = <init>` becomes `const a = /* @__PURE__ *\/ (() => (<init>))()`, so a declaration no code
 * of the route reads goes, with everything its initialiser would build. (esbuild inlines the function
 * again where the value is used.)
 *
 * Why: a contracts module declares dozens of zod schemas at module level, and a route that imports
 * one of them (or a constant beside them) otherwise builds them all in its cold start: 1,151 schemas
 * for DELETE seller-invoice/{id}, of which it uses a handful. zod marks its builders
 * `@__NO_SIDE_EFFECTS__`, but esbuild honours that only within one module (evanw/esbuild#4369), and
 * even a call marked pure stays when an argument reads a property of an import (`MSG.required`): the
 * read might run a getter. Wrapping the whole initialiser leaves nothing to evaluate when it is unused.
 * Module-level initialisers of our code build values (schemas, tables, lazy clients), none is there
 * for an effect; one with a top-level `await`, or without any call, is left as written.
 */
export function markInitialisersPure(source: string, fileName = 'module.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edits: { at: number; text: string }[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const { initializer } of statement.declarationList.declarations) {
      if (!initializer || !runsCode(initializer) || markedPure(source, initializer, file)) continue;
      edits.push({ at: initializer.getStart(file), text: '/* @__PURE__ */ (() => (' });
      edits.push({ at: initializer.getEnd(), text: '))()' });
    }
  }
  let out = source;
  for (const { at, text } of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

/** Whether evaluating the expression calls anything (function bodies aside), and can be moved into a function (no `await`). */
function runsCode(expression: ts.Expression): boolean {
  let calls = false;
  let awaits = false;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) calls = true;
    if (ts.isAwaitExpression(node)) awaits = true;
    ts.forEachChild(node, visit);
  };
  visit(expression);
  return calls && !awaits;
}

const markedPure = (source: string, node: ts.Node, file: ts.SourceFile) =>
  /[@#]__PURE__/.test(source.slice(node.getFullStart(), node.getStart(file)));

/** The esbuild plugin applying markInitialisersPure to our own modules (a module's text is read once per process). */
export function pureModuleCalls(): esbuild.Plugin {
  const cache = new Map<string, Promise<string>>();
  return {
    name: 'pure-module-calls',
    setup(build) {
      build.onLoad({ filter: OWN_SOURCE }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        let contents = cache.get(args.path);
        if (!contents) {
          contents = readFile(args.path, 'utf8').then((text) => markInitialisersPure(text, args.path));
          cache.set(args.path, contents);
        }
        return { contents: await contents, loader: 'ts' };
      });
    },
  };
}

export type LambdaBuild = {
  /** The route's `define` (bundle-options.ts routeDefine), shared by all entries of one build. */
  define?: Record<string, string>;
  /** A linked `.map` beside the bundle, without the sources' text (`cdk deploy -c sourceMaps=true`). */
  sourceMaps?: boolean;
};

/**
 * The esbuild options of a Lambda build. The caller adds its one entry point, named `index` (`{ in: file,
 * out: 'index' }`: the handler is `index.handler`), an `outdir`, and `write`/`metafile` as it needs.
 *
 * Code reached only through a dynamic `import()` — the Stripe SDK (adapters/stripe-payments.ts) and the
 * PDF stack (lib/pdf/pdf-stack.ts) — goes into chunk files beside `index.mjs` (`splitting`): a cold start
 * neither parses nor runs it; the first call that needs it reads it. One entry per build: with several,
 * esbuild would share chunks between them.
 */
export function lambdaBuildOptions({ define, sourceMaps = false }: LambdaBuild = {}): esbuild.BuildOptions {
  return {
    bundle: true,
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    format: LAMBDA_BUNDLE.format,
    target: LAMBDA_BUNDLE.target,
    platform: LAMBDA_BUNDLE.platform,
    minify: LAMBDA_BUNDLE.minify,
    charset: LAMBDA_BUNDLE.charset,
    mainFields: [...LAMBDA_BUNDLE.mainFields],
    banner: { js: LAMBDA_BUNDLE.banner },
    alias: { ...LAMBDA_BUNDLE.alias },
    absWorkingDir: REPO_ROOT,
    ...(define ? { define } : {}),
    ...(sourceMaps ? { sourcemap: 'linked' as const, sourcesContent: false } : {}),
    plugins: [pureModuleCalls()],
    logLevel: 'silent',
  };
}
