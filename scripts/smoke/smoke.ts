import { parseSmokeOptions, USAGE, UsageError } from './smoke-options.ts';
import { runSmoke, type StepResult } from './smoke-run.ts';
import { API_PREFIX } from './smoke-client.ts';

/**
 * `npm run smoke -- --url <base>`: the end-to-end check of a deployed stage (README "Smoke test of a
 * deployed stage"). One line per step with its time; exit 1 at the first failure, 2 on a usage error.
 */
const LABEL = { ok: 'ok  ', failed: 'FAIL', skipped: 'skip' } as const;

export function formatStep(result: StepResult): string {
  const time = result.outcome === 'skipped' ? '' : `${result.ms} ms`;
  return `  ${LABEL[result.outcome]}  ${result.step.padEnd(17)} ${time.padStart(8)}  ${result.detail}`;
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseSmokeOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(`smoke: ${error.message}\n`);
    console.error(USAGE);
    return error.message ? 2 : 0;
  }
  const base = options.base.href.replace(/\/$/, '');
  console.log(`Smoke test of ${base} (API ${base}${API_PREFIX})`);
  const started = performance.now();
  const result = await runSmoke(options, (step) => console.log(formatStep(step)));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.failed) {
    console.log(`Smoke test FAILED at step "${result.failed.step}": ${result.failed.detail}`);
    return 1;
  }
  console.log(`Smoke test passed: ${result.steps.filter((s) => s.outcome === 'ok').length} steps in ${seconds} s`);
  return 0;
}

process.exitCode = await main();
