import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * For the tests of `npm run smoke`: runs the script as its own process, exactly as the deploy
 * workflow calls it, with only the smoke account in its environment (no local endpoints, no AWS).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = `${ROOT}node_modules/.bin/tsx`;

export type SmokeRun = { code: number; stdout: string; stderr: string };

export function runSmokeCli(
  args: string[],
  account: { email: string; password: string },
  extraEnv: Record<string, string> = {},
): Promise<SmokeRun> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['scripts/smoke/smoke.ts', ...args],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          SMOKE_EMAIL: account.email,
          SMOKE_PASSWORD: account.password,
          ...extraEnv,
        },
        timeout: 90_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The output line of one step ('  ok    login …'), or undefined when the step did not run. */
export const stepLine = (run: SmokeRun, step: string): string | undefined =>
  run.stdout.split('\n').find((line) => line.includes(`  ${step.padEnd(17)}`));
