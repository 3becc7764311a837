import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, METRICS_SERVICE, type BusinessMetrics } from '../services/telemetry.ts';
import { flushAtInvocationEnd, logger, onLambda } from './observability.ts';

/**
 * The business metrics (Powertools Metrics, issue 14): buffered, flushed as one EMF line at the end of
 * the invocation (observability.ts `observed()`). Its own module, reached only through lib/deps.ts
 * `metrics`, so only the functions that count a business metric bundle Powertools Metrics (issue 15).
 */
const NO_METRICS_WARNING = 'No application metrics to publish';

/** One Metrics per container, built on first use and flushed at the end of every invocation from then on. */
let shared: Metrics | undefined;
function containerMetrics(): Metrics {
  if (!shared) {
    const metrics = new Metrics({
      namespace: METRICS_NAMESPACE,
      serviceName: METRICS_SERVICE,
      // Most requests emit no business metric: Powertools' warning about that would fill every log.
      logger: {
        debug: (message: unknown) => logger.debug(String(message)),
        info: (message: unknown) => logger.info(String(message)),
        error: (message: unknown) => logger.error(String(message)),
        warn: (message: unknown) => {
          if (!String(message).startsWith(NO_METRICS_WARNING)) logger.warn(String(message));
        },
      },
    });
    flushAtInvocationEnd(() => metrics.publishStoredMetrics());
    shared = metrics;
  }
  return shared;
}

/** The services' metrics port: buffered, flushed at the end of the invocation; nothing off Lambda. */
export const powertoolsMetrics = (target?: Metrics, enabled = onLambda): BusinessMetrics => {
  const metrics = enabled ? (target ?? containerMetrics()) : undefined;
  return {
    count: (metric, value = 1) => {
      metrics?.addMetric(metric, MetricUnit.Count, value);
    },
  };
};
