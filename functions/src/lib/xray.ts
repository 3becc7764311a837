import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:dgram';
import type { MiddlewareObj } from '@middy/core';

/**
 * X-Ray subsegments without the X-Ray SDK (issue 15: the Powertools Tracer brought ≈ 120 KB into every
 * bundle). With active tracing Lambda opens the function's segment itself and hands each invocation
 * its trace header in `_X_AMZN_TRACE_ID` (`Root=…;Parent=…;Sampled=1`); we add a `## <handler>`
 * subsegment per invocation (annotations ColdStart and Service, no response body), one per AWS SDK
 * call (sdk-call-observer.ts) and one per Stripe request, sent as the SDKs do: one UDP datagram per
 * document, a JSON header line and the segment document, to the daemon at `AWS_XRAY_DAEMON_ADDRESS`.
 * Only sampled invocations, never with POWERTOOLS_TRACE_ENABLED=false; a failed send is logged at
 * debug, never thrown.
 */
const HEADER = '{"format":"json","version":1}\n';

type Trace = { traceId: string; parentId: string; host: string; port: number };
type Doc = Record<string, unknown>;
type SdkContext = { clientName?: string; commandName?: string };
type Metadata = { httpStatusCode?: number; requestId?: string; attempts?: number };
type HttpCall = { method: string; url: string; status: number; start: number; end: number };

/** Where failed sends go (observability.ts points it at the logger's debug level). */
export const traceErrors = { log: (_message: string, _error: unknown): void => undefined };

let socket: Socket | undefined;
let coldStart = true;
/** The `## <handler>` subsegment of the running invocation (a container runs one at a time). */
let open: { trace: Trace; doc: Doc } | undefined;

/** The sampled trace of the running invocation, or undefined (off Lambda, not sampled, tracing off). */
export function currentTrace(env: NodeJS.ProcessEnv = process.env): Trace | undefined {
  const header = env._X_AMZN_TRACE_ID;
  const address = env.AWS_XRAY_DAEMON_ADDRESS;
  if (env.POWERTOOLS_TRACE_ENABLED === 'false' || !header || !address) return undefined;
  const fields = new Map(header.split(';').map((part) => part.split('=') as [string, string]));
  const [traceId, parentId] = [fields.get('Root'), fields.get('Parent')];
  const udp = /udp:(\S+)/.exec(address)?.[1] ?? address; // `host:port` or `tcp:host:port udp:host:port`
  const colon = udp.lastIndexOf(':');
  if (fields.get('Sampled') !== '1' || !traceId || !parentId || colon < 1) return undefined;
  return { traceId, parentId, host: udp.slice(0, colon), port: +udp.slice(colon + 1) };
}

const newId = () => randomBytes(8).toString('hex');
const now = () => Date.now() / 1000;

/** X-Ray's flags: 429 throttle (and error), other 4xx error, 5xx fault; a failure without a status is a fault. */
function flags(status: number | undefined, failed: boolean): Doc {
  if (status === 429) return { error: true, throttle: true };
  if (status && status >= 500) return { fault: true };
  if (status && status >= 400) return { error: true };
  return failed ? { fault: true } : {};
}
const outcome = (status: number | undefined, failed: boolean): Doc => ({
  ...(status ? { http: { response: { status } } } : {}),
  ...flags(status, failed),
});

function send(trace: Trace, doc: Doc): Promise<void> {
  return new Promise((resolve) => {
    const failed = (error: unknown) => {
      traceErrors.log('X-Ray subsegment not sent', error);
      resolve();
    };
    try {
      if (!socket) {
        // node:dgram is loaded with the first segment sent, not in every cold start (only traced functions send).
        const created = process
          .getBuiltinModule('node:dgram')
          .createSocket('udp4')
          .on('error', (error) => {
            traceErrors.log('X-Ray socket closed', error); // e.g. it could not bind: the next send opens another
            if (socket === created) socket = undefined;
            created.close();
          });
        socket = created.unref();
      }
      const message = HEADER + JSON.stringify({ ...doc, type: 'subsegment', trace_id: trace.traceId });
      socket.send(message, trace.port, trace.host, (error) => (error ? failed(error) : resolve()));
    } catch (error) {
      failed(error);
    }
  });
}

/** Calls of an invocation hang below its `## handler` subsegment (as with Powertools), others below Lambda's. */
const parentOf = (trace: Trace) => (open?.trace.traceId === trace.traceId ? (open.doc.id as string) : trace.parentId);
const emit = (trace: Trace, parent: string, doc: Doc) => void send(trace, { id: newId(), parent_id: parent, ...doc });

/** Runs one AWS SDK call and records it as an `aws` subsegment. */
export async function traceSdkCall<T>(context: SdkContext, input: Doc, call: () => Promise<T>): Promise<T> {
  const trace = currentTrace();
  if (!trace) return call();
  const [parent, start] = [parentOf(trace), now()];
  const record = (meta: Metadata | undefined, error?: Error) => {
    const resource = { table_name: input.TableName, queue_url: input.QueueUrl, bucket_name: input.Bucket };
    const aws = {
      operation: (context.commandName ?? 'unknown').replace(/Command$/, ''),
      region: process.env.AWS_REGION,
      request_id: meta?.requestId,
      retries: meta?.attempts ? meta.attempts - 1 : 0,
      ...Object.fromEntries(Object.entries(resource).filter(([, v]) => typeof v === 'string')),
    };
    const exception = error && { id: newId(), type: error.name, message: error.message, remote: true };
    emit(trace, parent, {
      name: (context.clientName ?? 'AWS').replace(/Client$/, ''),
      namespace: 'aws',
      start_time: start,
      end_time: now(),
      aws,
      ...outcome(meta?.httpStatusCode, Boolean(error)),
      ...(exception ? { cause: { exceptions: [exception] } } : {}),
    });
  };
  try {
    const result = await call();
    record((result as { output?: { $metadata?: Metadata } })?.output?.$metadata);
    return result;
  } catch (error) {
    record((error as { $metadata?: Metadata })?.$metadata, error as Error);
    throw error;
  }
}

/** An outgoing HTTPS call its client reports once answered (Stripe's `response` event): a `remote` subsegment. */
export function traceHttpCall(name: string, { method, url, status, start, end }: HttpCall): void {
  const trace = currentTrace();
  if (!trace) return;
  const http = { request: { method, url }, response: { status } };
  const times = { start_time: start / 1000, end_time: end / 1000 };
  emit(trace, parentOf(trace), { name, namespace: 'remote', ...times, http, ...flags(status, false) });
}

/** The `## <handler>` subsegment of each invocation (what Powertools' captureLambdaHandler recorded). */
export function traceInvocations<E, R>(service: string): MiddlewareObj<E, R> {
  const end = async (request: { response?: unknown; error?: unknown }) => {
    const invocation = open;
    open = undefined;
    if (!invocation) return;
    const status = (request.response as { statusCode?: unknown } | undefined)?.statusCode;
    const result = outcome(typeof status === 'number' ? status : undefined, Boolean(request.error));
    await send(invocation.trace, { ...invocation.doc, end_time: now(), ...result });
  };
  return {
    before: () => {
      const cold = coldStart;
      coldStart = false;
      const trace = currentTrace();
      const name = `## ${process.env._HANDLER ?? 'handler'}`;
      const annotations = { ColdStart: cold, Service: service };
      open = trace && { trace, doc: { id: newId(), parent_id: trace.parentId, name, start_time: now(), annotations } };
    },
    after: end,
    onError: end,
  };
}
