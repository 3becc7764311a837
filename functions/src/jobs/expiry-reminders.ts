import { appUrl, clock, hashToken, log, mailer, newToken, resolve, sellerMails, users } from '../lib/deps.ts';
import { observedHandler } from '../lib/observability.ts';
import { sendExpiryReminders, type ReminderRun } from '../services/seller-mails/expiry-reminders.ts';

/**
 * The daily expiry-reminder job (issue 12, CDK `ScheduledJob` in infra/lib/jobs-stack.ts). The
 * scheduler's event may carry `now` (ISO) for a replay of a missed day; `npm run reminders
 * [-- --now 2027-01-01]` calls this handler against the local stand-ins. A thrown error fails the
 * invocation: after the retries it lands in the job's dead-letter queue (alarm).
 */
export const handler = observedHandler(
  'expiry-reminders',
  async (event: { now?: string } = {}): Promise<ReminderRun> => {
    const deps = resolve({ sellerMails, users, mailer, clock, appUrl, newToken, hashToken, log });
    const now = event.now ? new Date(event.now) : deps.clock();
    if (Number.isNaN(now.getTime())) throw new Error(`invalid now: ${event.now}`);
    const run = await sendExpiryReminders(deps, now);
    deps.log.info('expiry reminders', { now: now.toISOString(), ...run });
    if (run.failed > 0)
      throw new Error(`${run.failed} expiry reminders failed (claims given back; the next run retries)`);
    return run;
  },
);
