import { App } from 'aws-cdk-lib';
import { ConfigError } from '../lib/config.ts';
import { buildApp } from '../lib/gutscheinmarkt-app.ts';

try {
  buildApp(new App());
} catch (error) {
  // A missing or wrong context value: its one line, no stack trace (cdk adds only its exit notice).
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}
