import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { METRICS_NAMESPACE, METRICS_SERVICE, SERVER_ERRORS_METRIC, type Log } from '../services/telemetry.ts';
import { traceErrors, traceInvocations } from './xray.ts';

/**
 * Powertools for AWS Lambda, one instance of each per container (issue 14). The Logger writes one
 * JSON line per entry (level, message, timestamp, and on AWS the request id, cold start and function;
 * the http wrapper adds the route). Metrics are written as EMF log lines on Lambda only: locally there
 * is no CloudWatch, and the lines would drown the dev output. The business metrics (Powertools
 * Metrics) live in business-metrics.ts, bundled only by the functions that count one (lib/deps.ts
 * `metrics`); every other function writes at most the one ServerErrors line here (issue 15). Traces come from our own small X-Ray
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

/** The services' log port over the Powertools Logger. */
export const powertoolsLog = (target: Logger = logger): Log => ({
  info: (message, fields) => (fields ? target.info(message, fields) : target.info(message)),
  warn: (message, fields) => (fields ? target.warn(message, fields) : target.warn(message)),
  error: (message, fields) => (fields ? target.error(message, fields) : target.error(message)),
});

/**
 * An unexpected 500 of an API domain: its own EMF line with the dimensions `service` and `domain`
 * (alarmed per domain), the line Powertools' single metric wrote, without bundling Powertools Metrics
 * into every function for it: CloudWatch's embedded metric format (one JSON object on its own line).
 */
export function countServerError(
  domain: string,
  enabled = onLambda,
  write: (line: string) => void = (line) => process.stdout.write(line),
): void {
  if (!enabled) return;
  const line = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [['service', 'domain']],
          Metrics: [{ Name: SERVER_ERRORS_METRIC, Unit: 'Count' }],
        },
      ],
    },
    service: METRICS_SERVICE,
    domain,
    [SERVER_ERRORS_METRIC]: 1,
  };
  write(`${JSON.stringify(line)}\n`);
}

/** What runs at the end of every invocation (`flushMetrics` in `observed()` on Lambda): the business metrics' flush, once a function built them. */
const atInvocationEnd = new Set<() => void>();

export function flushAtInvocationEnd(flush: () => void): void {
  atInvocationEnd.add(flush);
}

export const flushMetrics = <E, R>(): MiddlewareObj<E, R> => {
  const flush = () => {
    for (const run of atInvocationEnd) run();
  };
  return { after: flush, onError: flush };
};

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
    ...(onLambda ? [traceInvocations<E, R>(METRICS_SERVICE), flushMetrics<E, R>()] : []),
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
