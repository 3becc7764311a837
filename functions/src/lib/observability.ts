import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import {
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  SERVER_ERRORS_METRIC,
  type BusinessMetrics,
  type Log,
} from '../services/telemetry.ts';
import { traceErrors, traceInvocations } from './xray.ts';

/**
 * Powertools for AWS Lambda, one instance of each per container (issue 14). The Logger writes one
 * JSON line per entry (level, message, timestamp, and on AWS the request id, cold start and function;
 * the http wrapper adds the route). Metrics are written as EMF log lines on Lambda only: locally there
 * is no CloudWatch, and the lines would drown the dev output. Traces come from our own small X-Ray
 * emitter (xray.ts: the invocation and the AWS SDK calls of lib/clients.ts), not the Powertools
 * Tracer, whose X-Ray SDK weighed ≈ 120 KB in every bundle (issue 15); off outside Lambda.
 */
export const onLambda = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

/**
 * Off Lambda (the local API server, jobs run by npm scripts, tests) a log line keeps only level,
 * message and its own fields: the Lambda context of the local stand-in would bury them.
 */
class LocalLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    return new LogItem({ attributes: { level: attributes.logLevel, message: attributes.message } }).addAttributes(
      additional,
    );
  }
}

export const logger = new Logger({
  serviceName: METRICS_SERVICE,
  ...(onLambda ? {} : { logFormatter: new LocalLogFormatter() }),
});
traceErrors.log = (message, error) => logger.debug(message, { error });

const NO_METRICS_WARNING = 'No application metrics to publish';
export const metrics = new Metrics({
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

/** The services' log port over the Powertools Logger. */
export const powertoolsLog = (target: Logger = logger): Log => ({
  info: (message, fields) => (fields ? target.info(message, fields) : target.info(message)),
  warn: (message, fields) => (fields ? target.warn(message, fields) : target.warn(message)),
  error: (message, fields) => (fields ? target.error(message, fields) : target.error(message)),
});

/** The services' metrics port: buffered, flushed by the `logMetrics` middleware at the end of the invocation. */
export const powertoolsMetrics = (target: Metrics = metrics, enabled = onLambda): BusinessMetrics => ({
  count: (metric, value = 1) => {
    if (enabled) target.addMetric(metric, MetricUnit.Count, value);
  },
});

/** An unexpected 500 of an API domain: its own EMF line with the dimension `domain` (alarmed per domain). */
export function countServerError(domain: string, target: Metrics = metrics, enabled = onLambda): void {
  if (!enabled) return;
  const single = target.singleMetric();
  single.addDimension('domain', domain);
  single.addMetric(SERVER_ERRORS_METRIC, MetricUnit.Count, 1);
}

/**
 * Powertools first, so the other middlewares log with the request id and the route: the Lambda
 * context and cold start on each log line, an X-Ray subsegment per invocation (no response bodies:
 * they hold personal data), and the business metrics flushed once at the end. Off the Lambda
 * runtime only the logger stays (no tracing, no metrics).
 */
export function observed<E, R>(keys: MiddlewareObj<E, R>[] = []): MiddlewareObj<E, R>[] {
  return [
    injectLambdaContext(logger, { resetKeys: true }) as MiddlewareObj<E, R>,
    ...keys,
    ...(onLambda ? [traceInvocations<E, R>(METRICS_SERVICE), logMetrics(metrics) as MiddlewareObj<E, R>] : []),
  ];
}

/**
 * A scheduled job or trigger with the same instrumentation as the API (lib/http.ts wraps the routes):
 * its name on every log line, metrics flushed at the end. The context is optional so that
 * `npm run reminders` and tests call the handler as the scheduler's event alone.
 */
export function observedHandler<E, R>(name: string, run: (event: E) => Promise<R>) {
  const handler = middy<E, R>()
    .use(
      observed<E, R>([
        {
          before: () => {
            logger.appendKeys({ handler: name });
          },
        },
      ]),
    )
    .handler(run);
  return (event: E, context?: Context): Promise<R> => handler(event, context ?? ({} as Context));
}
