import { createLocalApi } from './local-api.ts';
import { searchSnapshotHook } from './search-snapshot-sync.ts';

/**
 * Entry of the local API that `npm start` runs under `tsx watch`, so edits to handlers restart it.
 * Expects the local cloud's environment (scripts/dev/local-cloud.ts `env`) plus API_PORT.
 */
const port = Number.parseInt(process.env.API_PORT ?? '3000', 10);
const host = process.env.API_HOST ?? '127.0.0.1';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
for (const name of ['TABLE_NAME', 'DYNAMODB_ENDPOINT', 'COGNITO_USER_POOL_ID'] as const) {
  if (!process.env[name]) {
    console.error(
      `[local-api] ${name} is not set: start the API with \`npm start\` (it passes the local cloud's environment).`,
    );
    process.exit(1);
  }
}

try {
  const api = await createLocalApi({ port, host, beforeHandler: searchSnapshotHook() });
  console.log(`[local-api] listening on ${api.url}`);
  const shutdown = () => {
    void api.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `[local-api] Port ${port} (local API) is in use: free it or set API_PORT.`
      : `[local-api] ${String(error)}`,
  );
  process.exit(1);
}
