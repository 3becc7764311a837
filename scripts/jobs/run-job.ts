import { parseArgs } from 'node:util';

/**
 * `npm run reminders [-- --now 2027-01-01]`, `npm run monthly-reports [-- --now …]`, `npm run payouts [-- --now …]`: calls the job's Lambda handler
 * as the scheduler would, against the local stand-ins of a running `npm start` (fixed ports) unless
 * an environment is set. `--now` is the run's time (a date means 08:00 Vienna of that day).
 */
const JOBS = {
  reminders: () => import('../../functions/src/jobs/expiry-reminders.ts'),
  'monthly-reports': () => import('../../functions/src/jobs/monthly-reports.ts'),
  payouts: () => import('../../functions/src/jobs/payouts.ts'),
} as const;

async function useLocalStackEnv(): Promise<void> {
  if (process.env.TABLE_NAME) return;
  const { localEnv, resolvePorts } = await import('../dev/local-cloud.ts');
  Object.assign(process.env, localEnv(await resolvePorts('fixed')));
}

export function runTime(now: string | undefined): string | undefined {
  if (!now) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(now) ? `${now}T07:00:00.000Z` : new Date(now).toISOString();
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { now: { type: 'string' } } });
  const name = positionals[0] as keyof typeof JOBS | undefined;
  if (!name || !(name in JOBS)) throw new Error(`usage: run-job <${Object.keys(JOBS).join('|')}> [--now <date>]`);
  await useLocalStackEnv();
  const { handler } = await JOBS[name]();
  const now = runTime(values.now);
  console.log(JSON.stringify(await handler(now ? { now } : {})));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
