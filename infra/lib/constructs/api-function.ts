import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { routeDefine, SOURCE_MAPS_CONTEXT } from '@gm/functions/bundle-options';
import type { RouteDef } from '@gm/functions/routes';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '@gm/functions/services/telemetry';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const HANDLERS_DIR = path.join(REPO_ROOT, 'functions/src/handlers');

/** The entry file of a manifest handler, e.g. `auth/login` → functions/src/handlers/auth/login.ts. */
export function handlerEntry(handler: string): string {
  return path.join(HANDLERS_DIR, `${handler}.ts`);
}

export type ApiFunctionProps = Omit<
  lambda.FunctionProps,
  'code' | 'handler' | 'runtime' | 'logGroup' | 'logRetention'
> & {
  /** Absolute path of the handler module; it must export `handler`. */
  entry: string;
  /**
   * Tests only: stands in for a handler module that does not exist yet. Without it a missing
   * module fails synthesis, so production never deploys a route without code.
   */
  stubForMissingEntry?: lambda.Code;
  /** An API route's manifest entry: its bundle carries it (`define`, bundle-options.ts) instead of the whole manifest. */
  route?: RouteDef;
};

/** Builds one bundle (functions/src/bundle-cli.ts, the options of functions/src/bundle-build.ts). */
const BUNDLE_CLI = path.join(REPO_ROOT, 'functions/src/bundle-cli.ts');

/**
 * One API route's Lambda with the defaults every function shares: Node 22 on Graviton, ESM bundle
 * with the AWS SDK v3 inside (faster cold starts than the runtime's copy; LAMBDA_BUNDLE) built by our
 * own esbuild call (bundle-build.ts: CDK's NodejsFunction runs esbuild's CLI, which takes no plugin), source maps
 * only with `-c sourceMaps=true` (then also loaded at runtime, --enable-source-maps), X-Ray tracing
 * (active, which grants xray:PutTraceSegments; functions/src/lib/xray.ts adds the invocation and its AWS
 * SDK calls), and a log group of its own with one month retention.
 */
export class ApiFunction extends lambda.Function {
  readonly entry: string;
  /** The esbuild `define` of the bundle (a route's own manifest entry), if any. */
  readonly define: Record<string, string> | undefined;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const { entry, stubForMissingEntry, environment, route, ...rest } = props;
    const define = route ? routeDefine(route) : undefined;
    const sourceMaps = sourceMapsRequested(scope);
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const shared: Omit<lambda.FunctionProps, 'code' | 'handler'> = {
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      // Powertools (functions/src/lib/observability.ts): JSON logs at INFO, metrics named after the product.
      environment: {
        ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
        POWERTOOLS_SERVICE_NAME: METRICS_SERVICE,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ...environment,
      },
      ...rest,
    };
    const exists = existsSync(entry);
    if (!exists && !stubForMissingEntry) {
      throw new Error(`Handler module missing: ${path.relative(REPO_ROOT, entry)} (${props.description ?? id})`);
    }
    const code = exists
      ? lambda.Code.fromAsset(path.dirname(entry), {
          // The bundle's own hash: unchanged code deploys nothing, and a skipped bundling (tests) reads no files.
          assetHashType: AssetHashType.OUTPUT,
          bundling: {
            // Only if local bundling failed, which it never reports: it throws instead.
            image: lambda.Runtime.NODEJS_22_X.bundlingImage,
            local: {
              tryBundle(outputDir) {
                const args = JSON.stringify({ entry, outdir: outputDir, define, sourceMaps });
                execFileSync(process.execPath, ['--import', 'tsx', BUNDLE_CLI, args], {
                  cwd: REPO_ROOT,
                  stdio: 'inherit',
                });
                return true;
              },
            },
          },
        })
      : stubForMissingEntry!;
    super(scope, id, { ...shared, code, handler: 'index.handler' });
    this.entry = entry;
    this.define = define;
  }
}

/** `-c sourceMaps=true` (or `true` in cdk.json's context): bundle source maps and load them at runtime. */
export function sourceMapsRequested(scope: Construct): boolean {
  const value: unknown = scope.node.tryGetContext(SOURCE_MAPS_CONTEXT);
  return value === true || value === 'true';
}
