import { resolve } from '../lib/deps.ts';
import { payoutRunProviders } from '../lib/deps/payments.ts';
import { observedHandler } from '../lib/observability.ts';
import { runScheduledPayouts, type ScheduledPayoutRun } from '../services/payouts/run-payouts.ts';

/**
 * The daily payout run (issue 12; CDK `ScheduledJob`, 04:00 Vienna time). The event may carry `now` (ISO)
 * for a replay; `npm run payouts [-- --now 2027-01-01]` runs it locally. A seller whose run failed
 * (Stripe outage, …) makes the invocation fail after the others ran: Lambda retries (the failed
 * seller's open invoice is resumed, the others find nothing new), then the dead-letter queue alarms.
 */
export const handler = observedHandler('payouts', async (event: { now?: string } = {}): Promise<ScheduledPayoutRun> => {
  const deps = resolve(payoutRunProviders);
  const now = event.now ? new Date(event.now) : deps.clock();
  if (Number.isNaN(now.getTime())) throw new Error(`invalid now: ${event.now}`);
  const run = await runScheduledPayouts(deps, now);
  deps.log.info('payouts', { now: now.toISOString(), ...run });
  if (run.failed > 0)
    throw new Error(`${run.failed} seller payouts failed (their open invoices are resumed by the retry)`);
  return run;
});
