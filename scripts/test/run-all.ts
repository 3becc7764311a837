import { spawnSync } from 'node:child_process';

/**
 * `npm test`: every check CI runs, one after another, stopping at the first failure.
 * Sequential on purpose: the integration and browser suites each start their own local cloud,
 * and CI machines have two cores.
 */
const steps: { name: string; command: string[] }[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '-b', 'shared', 'functions', 'web', 'infra', 'scripts'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'unit tests', command: ['npx', 'vitest', 'run', '--project', 'unit'] },
  { name: 'integration tests (local stand-ins)', command: ['npx', 'vitest', 'run', '--project', 'int'] },
  { name: 'infrastructure tests (CDK)', command: ['npx', 'vitest', 'run', '--project', 'infra'] },
  { name: 'browser tests (chromium)', command: ['npx', 'vitest', 'run', '--project', 'e2e'] },
  { name: 'bundle budgets (esbuild)', command: ['npx', 'vitest', 'run', '--project', 'bundles'] },
];

const only = process.argv.slice(2);
const summary: string[] = [];
for (const step of steps.filter((s) => !only.length || only.some((o) => s.name.startsWith(o)))) {
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push(`${result.status === 0 ? '✔' : '✘'} ${step.name} (${seconds} s)`);
  if (result.status !== 0) {
    console.error(`\n${summary.join('\n')}\n\nnpm test failed at: ${step.name}`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n${summary.join('\n')}\n\nAll checks passed.`);
