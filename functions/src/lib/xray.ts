import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import type { MiddlewareObj } from '@middy/core';

/**
 * X-Ray subsegments without the X-Ray SDK (issue 15: the Powertools Tracer brought ≈ 120 KB into every
 * bundle). With active tracing Lambda opens the function's segment itself and hands each invocation
 * its trace header in `_X_AMZN_TRACE_ID` (`Root=…;Parent=…;Sampled=1`); we add a `## <handler>`
 * subsegment per invocation (annotations ColdStart and Service, no response body) and one per AWS SDK
 * call (sdk-call-observer.ts), sent as the SDKs do: one UDP datagram per document, a JSON header line
 * and the segment document, to the daemon at `AWS_XRAY_DAEMON_ADDRESS`. Only sampled invocations,
 * never with POWERTOOLS_TRACE_ENABLED=false, and a failed send is reported at debug, never thrown.
 */
const HEADER = '{"format":"json","version":1}\n';

type Trace = { traceId: string; parentId: string; host: string; port: number };
type Doc = Record<string, unknown>;
type SdkContext = { clientName?: string; commandName?: string };
type Metadata = { httpStatusCode?: number; requestId?: string; attempts?: number };

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
function outcome(status: number | undefined, failed: boolean): Doc {
  const http = status ? { http: { response: { status } } } : {};
  if (status === 429) return { ...http, error: true, throttle: true };
  if (status && status >= 500) return { ...http, fault: true };
  if (status && status >= 400) return { ...http, error: true };
  return failed ? { ...http, fault: true } : http;
}

function send(trace: Trace, doc: Doc): Promise<void> {
  return new Promise((resolve) => {
    const failed = (error: unknown) => {
      traceErrors.log('X-Ray subsegment not sent', error);
      resolve();
    };
    try {
      if (!socket) {
        const created = createSocket('udp4').on('error', (error) => {
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

/** Runs one AWS SDK call and records it as an `aws` subsegment (below the invocation's `## handler`). */
export async function traceSdkCall<T>(context: SdkContext, input: Doc, call: () => Promise<T>): Promise<T> {
  const trace = currentTrace();
  if (!trace) return call();
  const parent = open?.trace.traceId === trace.traceId ? (open.doc.id as string) : trace.parentId;
  const start = now();
  let meta: Metadata | undefined;
  let error: { name?: string; message?: string } | undefined;
  try {
    const result = await call();
    meta = (result as { output?: { $metadata?: Metadata } })?.output?.$metadata;
    return result;
  } catch (e) {
    error = e as typeof error;
    meta = (e as { $metadata?: Metadata })?.$metadata;
    throw e;
  } finally {
    const resource = { table_name: input.TableName, queue_url: input.QueueUrl, bucket_name: input.Bucket };
    void send(trace, {
      id: newId(),
      parent_id: parent,
      name: (context.clientName ?? 'AWS').replace(/Client$/, ''),
      namespace: 'aws',
      start_time: start,
      end_time: now(),
      aws: {
        operation: (context.commandName ?? 'unknown').replace(/Command$/, ''),
        region: process.env.AWS_REGION,
        request_id: meta?.requestId,
        retries: meta?.attempts ? meta.attempts - 1 : 0,
        ...Object.fromEntries(Object.entries(resource).filter(([, v]) => typeof v === 'string')),
      },
      ...outcome(meta?.httpStatusCode, Boolean(error)),
      ...(error
        ? { cause: { exceptions: [{ id: newId(), type: error.name, message: error.message, remote: true }] } }
        : {}),
    });
  }
}

/** The `## <handler>` subsegment of each invocation (what Powertools' captureLambdaHandler recorded). */
export function traceInvocations<E, R>(service: string): MiddlewareObj<E, R> {
  const end = async (request: { response?: unknown; error?: unknown }) => {
    const invocation = open;
    open = undefined;
    if (!invocation) return;
    const status = (request.response as { statusCode?: unknown } | undefined)?.statusCode;
    const flags = outcome(typeof status === 'number' ? status : undefined, Boolean(request.error));
    await send(invocation.trace, { ...invocation.doc, end_time: now(), ...flags });
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
