import { clock, log, mailer, payoutRuns, resolve, sellerDashboard, sellerMails } from '../lib/deps.ts';
import { observedHandler } from '../lib/observability.ts';
import { sendMonthlyReports, type MonthlyReportRun } from '../services/seller-mails/monthly-report.ts';

/**
 * The monthly seller report job (issue 12; CDK `ScheduledJob`, 1st of each month). The event may
 * carry `now` (ISO) for a replay; `npm run monthly-reports [-- --now 2027-01-01]` runs it locally.
 * Failed reports make the invocation fail (retry, then the dead-letter queue and its alarm).
 */
export const handler = observedHandler(
  'monthly-reports',
  async (event: { now?: string } = {}): Promise<MonthlyReportRun> => {
    const deps = resolve({ sellerMails, sellerDashboard, mailer, clock, payoutRuns, log });
    const now = event.now ? new Date(event.now) : deps.clock();
    if (Number.isNaN(now.getTime())) throw new Error(`invalid now: ${event.now}`);
    const run = await sendMonthlyReports(deps, now);
    deps.log.info('monthly reports', { now: now.toISOString(), ...run });
    if (run.failed > 0)
      throw new Error(`${run.failed} monthly reports failed (claims given back; the retry sends them)`);
    return run;
  },
);
