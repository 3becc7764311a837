/**
 * The observability ports of the use cases (issue 14): a structured log and business metrics. The
 * services stay free of AWS imports; lib/observability.ts implements both with Powertools for AWS
 * Lambda, and tests pass `silentLog` / `recordingMetrics()`.
 */

/** Extra fields of a log line; an `error` value is written with its name, message and stack. */
export type LogFields = Record<string, unknown>;

export type Log = {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
};

/** CloudWatch namespace and the one `service` dimension every business metric carries (alarms match it). */
export const METRICS_NAMESPACE = 'Gutscheinmarkt';
export const METRICS_SERVICE = 'gutscheinmarkt';

/** The business metrics (counts), emitted where the event commits; the infra's alarms and dashboard read these names. */
export const BUSINESS_METRICS = [
  /** An order's payment succeeded and the order completed (webhook or a 0 € cart). */
  'OrdersPaid',
  /** Vouchers issued to holders by completed orders. */
  'VouchersIssued',
  /** Redemptions booked (a replayed Idempotency-Key does not count again). */
  'Redemptions',
  /** Redemptions revoked. */
  'RedemptionsRevoked',
  /** A Stripe webhook whose signature did not verify (forged, or a wrong signing secret). */
  'WebhookSignatureFailures',
  /** A verified Stripe webhook whose processing failed (Stripe retries it). */
  'WebhookFailures',
  /** A seller's payout transfer went through. */
  'PayoutsSucceeded',
  /** A seller's payout run failed or Stripe refused the transfer. */
  'PayoutsFailed',
] as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[number];

/** Unexpected errors answered as 500 by the http wrapper, with the dimension `domain` (one alarm per domain). */
export const SERVER_ERRORS_METRIC = 'ServerErrors';

export type BusinessMetrics = { count(metric: BusinessMetric, value?: number): void };

/** Tests and tools that do not care about log output. */
export const silentLog: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Records counts in memory: what a test asserts a use case emitted. */
export function recordingMetrics(): BusinessMetrics & { counts: Partial<Record<BusinessMetric, number>> } {
  const counts: Partial<Record<BusinessMetric, number>> = {};
  return {
    counts,
    count(metric, value = 1) {
      counts[metric] = (counts[metric] ?? 0) + value;
    },
  };
}
